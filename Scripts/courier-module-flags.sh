# Sourced by the interop scripts that type-check Swift against the built Courier module with swiftc.
# Sets MODULE_FLAGS: the module search path of the debug build, and on Linux the C modules Courier imports there
# (SocketTransport's OpenSSL, zlib and socket headers), which swiftc needs to load Courier's module.
BIN=$(swift build --show-bin-path)
MODULES="$BIN/Modules"
[ -f "$MODULES/Courier.swiftmodule" ] || [ -d "$MODULES/Courier.swiftmodule" ] || MODULES="$BIN"
MODULE_FLAGS=(-I "$MODULES")
if [ "$(uname -s)" = Linux ]; then
  MODULE_FLAGS+=(-I Sources/COpenSSL -I Sources/CZlib -I "$BIN/CSocketSupport.build" -Xcc -I -Xcc Sources/CSocketSupport/include)
fi
