"""fray's C API through a foreign function interface (Python's ctypes), as
any language would load it: the installed libfray_c and fray/c.h's
declarations, nothing else. Run by tests/package/c/run.sh.

    python3 ffi.py PATH/TO/libfray_c.so
"""

import ctypes
import json
import sys

lib = ctypes.CDLL(sys.argv[1])
c_str_p = ctypes.POINTER(ctypes.c_char)

lib.fray_version.restype = ctypes.c_char_p
lib.fray_run.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(c_str_p), ctypes.POINTER(c_str_p)]
lib.fray_run.restype = ctypes.c_int
lib.fray_free.argtypes = [ctypes.c_void_p]


class AttackRequest(ctypes.Structure):
    _fields_ = [
        ("rules", ctypes.c_char_p),
        ("attacker", ctypes.c_char_p),
        ("defender", ctypes.c_char_p),
        ("situation", ctypes.POINTER(ctypes.c_char_p)),
        ("situation_count", ctypes.c_size_t),
        ("option_keys", ctypes.POINTER(ctypes.c_char_p)),
        ("option_values", ctypes.POINTER(ctypes.c_char_p)),
        ("option_count", ctypes.c_size_t),
    ]


class AttackResult(ctypes.Structure):
    _fields_ = [
        ("p_hit", ctypes.c_double),
        ("mean_damage", ctypes.c_double),
        ("attack_time", ctypes.c_double),
        ("damage_min", ctypes.c_int64),
        ("damage_count", ctypes.c_size_t),
        ("damage", ctypes.POINTER(ctypes.c_double)),
        ("damage_on_hit_min", ctypes.c_int64),
        ("damage_on_hit_count", ctypes.c_size_t),
        ("damage_on_hit", ctypes.POINTER(ctypes.c_double)),
    ]


lib.fray_attack.argtypes = [ctypes.POINTER(AttackRequest), ctypes.POINTER(AttackResult), ctypes.POINTER(c_str_p)]
lib.fray_attack.restype = ctypes.c_int
lib.fray_attack_result_free.argtypes = [ctypes.POINTER(AttackResult)]


def run(*args):
    argv = (ctypes.c_char_p * (len(args) + 1))(b"fray", *(a.encode() for a in args))
    out, err = c_str_p(), c_str_p()
    status = lib.fray_run(len(args) + 1, argv, ctypes.byref(out), ctypes.byref(err))
    texts = [ctypes.string_at(p).decode() for p in (out, err)]
    lib.fray_free(out)
    lib.fray_free(err)
    return status, texts[0], texts[1]


status, out, err = run("attack", "--rules", "brogue", "--attacker", "ogre", "--defender", "player", "--json")
assert status == 0 and err == "", (status, err)
doc = json.loads(out)

req = AttackRequest(rules=b"brogue", attacker=b"ogre", defender=b"player")
res = AttackResult()
msg = c_str_p()
assert lib.fray_attack(ctypes.byref(req), ctypes.byref(res), ctypes.byref(msg)) == 0
assert res.p_hit == doc["p_hit"] and res.mean_damage == doc["mean_damage"], (res.p_hit, doc["p_hit"])
lib.fray_attack_result_free(ctypes.byref(res))

req.attacker = b"no_such_monster"
assert lib.fray_attack(ctypes.byref(req), ctypes.byref(res), ctypes.byref(msg)) == 2
message = ctypes.string_at(msg).decode()
lib.fray_free(msg)
assert "no_such_monster" in message, message
status, out, err = run("dist", "3d")
assert status == 2 and out == "" and err.startswith("fray: error: "), (status, out, err)

print(f"ctypes: fray {lib.fray_version().decode()}: P(hit) {doc['p_hit']:.4f}, bad input is status 2: ok")
