# Settings and helpers shared by the scripts that build C against the engine (sourced, not run):
# the compilers, where the static library and the programs go, the strict flags, and what the
# static library needs from the system (rustc --print native-static-libs).

CC="${CC:-cc}"
CXX="${CXX:-c++}"
out=target/c-abi
lib=target/release
native_libs=(-lgcc_s -lutil -lrt -lpthread -lm -ldl)
strict_c=(-std=c11 -Wall -Wextra -Wpedantic -Werror -Iinclude)
strict_cxx=(-std=c++17 -Wall -Wextra -Wpedantic -Werror -Iinclude)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g)

# Build target/release/libstratego.a unless it is there already (scripts/c_abi.sh builds it).
ensure_static_lib() {
  if [ ! -f "$lib/libstratego.a" ]; then
    echo "== cargo build --release -p stratego-ffi (libstratego.a)"
    cargo build --release --locked -p stratego-ffi 2>&1
  fi
}
