"""The WebSocket server of Scripts/interop-websocket.sh, on Python's `websockets` (PyPI).

Paths: /echo echoes every message with its type; /fragments sends a text and a binary message in several
fragments, then echoes; /close/CODE closes with CODE and the reason "server closing"; /ping pings the client
and sends "pong received" once its pong arrived. `--compression` enables permessage-deflate. Prints
`listening PORT` once it accepts connections.
"""
import asyncio
import sys

from websockets.asyncio.server import serve


async def handle(ws):
    path = ws.request.path
    if path == "/fragments":
        await ws.send(["frag", "ment", "ed \u2603"])
        await ws.send([bytes([0, 1, 2]), bytes(range(256)) * 64, bytes([255])])
    elif path.startswith("/close/"):
        await ws.close(int(path.split("/")[2]), "server closing")
        return
    elif path == "/ping":
        await (await ws.ping(b"interop"))
        await ws.send("pong received")
    async for message in ws:
        await ws.send(message)


async def main():
    compression = "deflate" if "--compression" in sys.argv else None
    async with serve(handle, "127.0.0.1", 0, compression=compression, max_size=None, ping_interval=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"listening {port}", flush=True)
        await server.serve_forever()


asyncio.run(main())
