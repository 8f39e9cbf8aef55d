#!/usr/bin/env bash
# Installs libstratego into a prefix the way C and C++ projects expect it:
#
#   stratego-ffi/install.sh --prefix /usr/local [--libdir lib] [--includedir include] [--destdir D]
#                           [-- more cargo cinstall arguments]
#
# `cargo cinstall` (cargo-c) builds the release libraries and installs
#   <includedir>/stratego.h
#   <libdir>/libstratego.so.X.Y.Z, libstratego.so.<major> (the SONAME), libstratego.so
#   <libdir>/libstratego.a
#   <libdir>/pkgconfig/stratego.pc          (prefix, Libs.private for a static link)
# and this script strips the archive's debug information and adds what cargo-c does not write:
#   <libdir>/pkgconfig/stratego-static.pc   (links libstratego.a even beside libstratego.so)
#   <libdir>/cmake/stratego/strategoConfig.cmake, strategoConfigVersion.cmake
#                                           (stratego::stratego, stratego::stratego_static)
# --destdir stages everything under D for packagers; the files still name the prefix.
# Needs cargo-c (`cargo install --locked cargo-c --version 0.10.24`). Linux only for now.
set -euo pipefail
ffi_dir="$(cd "$(dirname "$0")" && pwd)"

prefix=/usr/local libdir=lib includedir=include destdir=
while [ $# -gt 0 ]; do
  case $1 in
    --prefix | --libdir | --includedir | --destdir)
      [ $# -ge 2 ] || { echo "install.sh: $1 needs a value" >&2; exit 2; }
      declare "${1#--}=$2"
      shift 2
      ;;
    --prefix=* | --libdir=* | --includedir=* | --destdir=*)
      name=${1%%=*}
      declare "${name#--}=${1#*=}"
      shift
      ;;
    --) shift; break ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (cargo cinstall arguments go after --)" >&2; exit 2 ;;
  esac
done
case $prefix in /*) ;; *) echo "install.sh: --prefix must be an absolute path, not $prefix" >&2; exit 2 ;; esac
if ! cargo cinstall --version >/dev/null 2>&1; then
  echo "install.sh: cargo-c is missing: cargo install --locked cargo-c --version 0.10.24" >&2
  exit 1
fi

under_prefix() { case $1 in /*) echo "$1" ;; *) echo "$prefix/$1" ;; esac; }
libdir_path=$(under_prefix "$libdir")
includedir_path=$(under_prefix "$includedir")

cargo cinstall --release --locked --manifest-path "$ffi_dir/Cargo.toml" -p stratego-ffi \
  --prefix "$prefix" --libdir "$libdir" --includedir "$includedir" ${destdir:+--destdir "$destdir"} "$@"

staged_libdir="$destdir$libdir_path"
# The archive keeps the debug information of the precompiled standard library (in the LTO
# object and in compiler_builtins): cargo has the linker strip it from the .so, but an archive
# is never linked. It was half the archive, of no use in a release build.
"${STRIP:-strip}" --strip-debug "$staged_libdir/libstratego.a"
pc="$staged_libdir/pkgconfig/stratego.pc"
[ -f "$pc" ] || { echo "install.sh: cargo cinstall wrote no $pc" >&2; exit 1; }
pc_field() { sed -n "s/^$1: *//p" "$pc"; }
version=$(pc_field Version)
static_libs=$(pc_field Libs.private)
IFS=. read -r major minor _ <<<"$version"

echo "install.sh: $staged_libdir/pkgconfig/stratego-static.pc"
{
  sed -n '/^[a-z_]*=/p' "$pc"
  echo
  echo "Name: stratego-static"
  echo "Description: $(pc_field Description) (static library)"
  echo "Version: $version"
  # The archive by path: with -lstratego the linker would take libstratego.so beside it.
  echo "Libs: \${libdir}/libstratego.a $static_libs"
  echo "Cflags: $(pc_field Cflags)"
} >"$staged_libdir/pkgconfig/stratego-static.pc"

cmake_dir="$staged_libdir/cmake/stratego"
echo "install.sh: $cmake_dir/strategoConfig.cmake, strategoConfigVersion.cmake"
mkdir -p "$cmake_dir"
substitute() {
  sed -e "s|@STRATEGO_VERSION@|$version|g" \
    -e "s|@STRATEGO_VERSION_MAJOR@|$major|g" \
    -e "s|@STRATEGO_VERSION_MINOR@|$minor|g" \
    -e "s|@STRATEGO_SOVERSION@|$major|g" \
    -e "s|@STRATEGO_LIBDIR_TO_INCLUDEDIR@|$(realpath -m --relative-to="$libdir_path" "$includedir_path")|g" \
    -e "s|@STRATEGO_STATIC_LIBS@|$(sed -e 's/^-l//' -e 's/ -l/;/g' <<<"$static_libs")|g" \
    -e "s|@STRATEGO_SIZEOF_VOID_P@|$(($(getconf LONG_BIT) / 8))|g" \
    "$ffi_dir/cmake/$1.in" >"$cmake_dir/$1"
}
substitute strategoConfig.cmake
substitute strategoConfigVersion.cmake
