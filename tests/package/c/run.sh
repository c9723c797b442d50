#!/bin/sh
# The C API from an installed tree: installs the built fray (BUILD, a
# configured and built main build directory) into a scratch prefix, then
# builds tests/package/c/capi.c against it with pkg-config (fray-c as C11,
# fray as C++) and with CMake's find_package(fray), runs the programs, and
# loads the library through Python's ctypes (tests/package/c/ffi.py).
#   tests/package/c/run.sh BUILD
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
pc=$(dirname "$(find "$work/prefix" -name fray-c.pc)")
export PKG_CONFIG_PATH="$pc"
echo "pkg-config fray-c $(pkg-config --modversion fray-c): $(pkg-config --cflags --libs fray-c)"
libdir=$(pkg-config --variable=libdir fray-c)
cc -std=c11 -Wall -Wextra -Werror -pedantic "$here/capi.c" -o "$work/capi-pkg-config" \
  $(pkg-config --cflags --libs fray-c) -lm -Wl,-rpath,"$libdir"
"$work/capi-pkg-config"
# A C++ program reaches the C API through the C++ library's fray.pc too.
c++ -x c++ -Wall -Wextra -Werror "$here/capi.c" -o "$work/capi-pkg-config-cxx" \
  $(pkg-config --cflags --libs fray) -Wl,-rpath,"$libdir"
"$work/capi-pkg-config-cxx"
cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log"
cmake --build "$work/cmake" > "$work/build.log"
"$work/cmake/capi"
# Any language's FFI: Python's ctypes loads the installed library.
/usr/bin/python3 "$here/ffi.py" "$libdir/libfray_c.so"
echo "C API: pkg-config and find_package builds, and ctypes, pass"
