"""Builds the extension fray._fray with CMake, for `pip install ./python`.

The extension is one CMake target (fray_python) of the fray source tree this
folder belongs to; setuptools only packages it with the pure Python files.
CMake and a C++20 compiler, pybind11 and fray's other build dependencies
(fmt, nlohmann-json, CLI11) must be installed: README.md lists them.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(fray VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError("no project(fray VERSION ...) in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        build_dir = pathlib.Path(os.environ.get("FRAY_PIP_BUILD_DIR", pathlib.Path(self.build_temp).resolve() / "cmake"))
        build_dir.mkdir(parents=True, exist_ok=True)
        python = ["-DFRAY_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}"]
        if (build_dir / "CMakeCache.txt").exists():
            # An existing build directory (make wheel hands it the main
            # build): only the Python module is asked of it, its other
            # settings (tests, install, build type) stay as they are.
            args = ["cmake", "-S", str(ROOT), "-B", str(build_dir), *python]
        else:
            args = [
                "cmake", "-S", str(ROOT), "-B", str(build_dir),
                "-DCMAKE_BUILD_TYPE=Release", *python,
                "-DFRAY_BUILD_TESTS=OFF", "-DFRAY_BUILD_BENCH=OFF", "-DFRAY_BUILD_EXAMPLES=OFF",
                "-DFRAY_INSTALL=OFF", "-DFRAY_WERROR=OFF",
            ]
            if shutil.which("ninja"):
                args += ["-G", "Ninja"]
            if shutil.which("ccache"):
                args += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
        subprocess.run(args, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "fray_python", "-j", jobs], check=True)
        built = list((build_dir / "python" / "fray").glob("_fray*.so")) + list(
            (build_dir / "python" / "fray").glob("_fray*.pyd")
        )
        if len(built) != 1:
            raise RuntimeError(f"expected one built extension in {build_dir / 'python' / 'fray'}, found {built}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    version=version(),
    packages=["fray"],
    package_data={"fray": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("fray._fray", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
