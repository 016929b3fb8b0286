"""A desktop's notification server for browser tests: Chromium on Linux shows a web page's
notifications through `org.freedesktop.Notifications` on the session D-Bus, and hears their
clicks from it. This one runs on a private bus (`dbus-daemon`), records what Chromium shows and
clicks a notification as a person would, so a test sees the whole path: push, notification,
click, the page that opens. The D-Bus wire protocol is spoken here directly (little-endian,
only the few types this needs), so the tests need no D-Bus library."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

BUS = ("/org/freedesktop/DBus", "org.freedesktop.DBus", "org.freedesktop.DBus")
NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
METHOD_CALL, METHOD_RETURN, ERROR, SIGNAL = 1, 2, 3, 4
FIELDS = {1: "path", 2: "interface", 3: "member", 4: "error", 5: "reply_to", 6: "destination"}
FIELDS |= {7: "sender", 8: "signature"}


class _Writer:
    def __init__(self) -> None:
        self.data = bytearray()

    def align(self, size: int) -> None:
        self.data += b"\0" * (-len(self.data) % size)

    def write(self, signature: str, value: Any) -> None:
        if signature == "y":
            self.data.append(value)
        elif signature in "ui":
            self.align(4)
            self.data += struct.pack("<I" if signature == "u" else "<i", value)
        elif signature in "so":
            encoded = value.encode()
            self.align(4)
            self.data += struct.pack("<I", len(encoded)) + encoded + b"\0"
        elif signature == "g":
            self.data += bytes([len(value)]) + value.encode() + b"\0"
        elif signature == "as":
            self.align(4)
            at = len(self.data)
            self.data += b"\0\0\0\0"
            start = len(self.data)
            for item in value:
                self.write("s", item)
            self.data[at : at + 4] = struct.pack("<I", len(self.data) - start)
        else:
            raise ValueError(signature)


class _Reader:
    def __init__(self, data: bytes, offset: int = 0) -> None:
        self.data, self.offset = data, offset

    def align(self, size: int) -> None:
        self.offset += -self.offset % size

    def read(self, signature: str) -> Any:
        if signature == "y":
            self.offset += 1
            return self.data[self.offset - 1]
        if signature in "ui":
            self.align(4)
            (value,) = struct.unpack_from(
                "<I" if signature == "u" else "<i", self.data, self.offset
            )
            self.offset += 4
            return value
        if signature in "so":
            length = self.read("u")
            text = self.data[self.offset : self.offset + length].decode()
            self.offset += length + 1
            return text
        if signature == "g":
            length = self.read("y")
            text = self.data[self.offset : self.offset + length].decode()
            self.offset += length + 1
            return text
        if signature == "as":
            end = self.read("u") + self.offset
            items = []
            while self.offset < end:
                items.append(self.read("s"))
            return items
        raise ValueError(signature)


Body = tuple[tuple[str, Any], ...]
"""A message's arguments: (type, value) pairs."""


def _message(kind: int, serial: int, body: Body = (), **fields: Any) -> bytes:
    payload = _Writer()
    for code, value in body:
        payload.write(code, value)
    signature = "".join(code for code, _value in body)
    if signature:
        fields["signature"] = signature
    header = _Writer()
    header.data += struct.pack("<cBBBII", b"l", kind, 0, 1, len(payload.data), serial)
    header.data += b"\0\0\0\0"
    start = len(header.data)
    types = {"path": "o", "reply_to": "u", "signature": "g"}
    for code, name in FIELDS.items():
        if name in fields:
            header.align(8)
            header.write("y", code)
            header.write("g", types.get(name, "s"))
            header.write(types.get(name, "s"), fields[name])
    header.data[12:16] = struct.pack("<I", len(header.data) - start)
    header.align(8)
    return bytes(header.data + payload.data)


@dataclass
class Shown:
    """One notification as Chromium asked the desktop to show it."""

    id: int
    replaces: int
    title: str
    body: str
    actions: list[str]


@dataclass
class NotificationServer:
    """The desktop side: what was shown, and a click on it."""

    address: str
    shown: list[Shown] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    _sock: socket.socket | None = None
    _serial: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _send(self, kind: int, body: Body = (), **fields: Any) -> int:
        with self._lock:
            self._serial += 1
            assert self._sock is not None
            self._sock.sendall(_message(kind, self._serial, body, **fields))
            return self._serial

    def _receive(self) -> tuple[dict[str, Any], bytes]:
        head = self._exactly(16)
        body_length, serial, fields_length = struct.unpack_from("<III", head, 4)
        rest = self._exactly(fields_length + (-(16 + fields_length) % 8) + body_length)
        data = head + rest
        reader, fields = _Reader(data, 16), {"kind": head[1], "serial": serial}
        while reader.offset < 16 + fields_length:
            reader.align(8)
            code = reader.read("y")
            fields[FIELDS.get(code, str(code))] = reader.read(reader.read("g"))
        return fields, data[len(data) - body_length :]

    def _exactly(self, size: int) -> bytes:
        assert self._sock is not None
        data = b""
        while len(data) < size:
            chunk = self._sock.recv(size - len(data))
            if not chunk:
                raise ConnectionError("the bus closed")
            data += chunk
        return data

    def start(self) -> None:
        self._sock = socket.socket(socket.AF_UNIX)
        self._sock.connect(self.address.removeprefix("unix:path=").split(",")[0])
        self._sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
        assert self._exactly(3) == b"OK "
        while self._exactly(1) != b"\n":
            pass
        self._sock.sendall(b"BEGIN\r\n")
        path, interface, destination = BUS
        self._send(
            METHOD_CALL, path=path, interface=interface, member="Hello", destination=destination
        )
        self._send(
            METHOD_CALL,
            (("s", NAME), ("u", 4)),
            path=path,
            interface=interface,
            member="RequestName",
            destination=destination,
        )
        owned = threading.Event()
        threading.Thread(target=self._serve, args=(owned,), daemon=True).start()
        assert owned.wait(10), "the notification server never got its name on the bus"

    def _serve(self, owned: threading.Event) -> None:
        try:
            while True:
                fields, body = self._receive()
                if fields.get("member") == "NameAcquired" and _Reader(body).read("s") == NAME:
                    owned.set()
                if fields["kind"] == METHOD_CALL:
                    self._answer(fields, body)
        except (ConnectionError, OSError):
            return

    def _answer(self, call: dict[str, Any], body: bytes) -> None:
        reply = {"reply_to": call["serial"], "destination": call["sender"]}
        member = call.get("member")
        if call.get("interface") != NAME:
            self._send(ERROR, error="org.freedesktop.DBus.Error.UnknownMethod", **reply)
        elif member == "GetCapabilities":
            self._send(METHOD_RETURN, (("as", ["actions", "body"]),), **reply)
        elif member == "GetServerInformation":
            self._send(
                METHOD_RETURN,
                tuple(("s", text) for text in ("test", "deskovky", "1", "1.2")),
                **reply,
            )
        elif member == "Notify":
            reader = _Reader(body)
            _app, replaces, _icon, title, text = (reader.read(code) for code in "susss")
            shown = Shown(len(self.shown) + 1, replaces, title, text, reader.read("as"))
            self.shown.append(shown)
            self._send(METHOD_RETURN, (("u", shown.id),), **reply)
        elif member == "CloseNotification":
            self.closed.append(_Reader(body).read("u"))
            self._send(METHOD_RETURN, **reply)
        else:
            self._send(ERROR, error="org.freedesktop.DBus.Error.UnknownMethod", **reply)

    def wait_for(self, count: int, seconds: float = 15) -> Shown:
        """The `count`-th notification shown, once it is."""
        deadline = time.monotonic() + seconds
        while len(self.shown) < count:
            assert time.monotonic() < deadline, f"{len(self.shown)} notifications shown"
            time.sleep(0.05)
        return self.shown[count - 1]

    def click(self, shown: Shown) -> None:
        """A click on the notification itself (its "default" action)."""
        self._send(
            SIGNAL,
            (("u", shown.id), ("s", "default")),
            path=PATH,
            interface=NAME,
            member="ActionInvoked",
        )


@contextmanager
def desktop_notifications() -> Iterator[NotificationServer]:
    """A private session bus with the notification server on it; give Chromium its address
    (`DBUS_SESSION_BUS_ADDRESS`)."""
    with tempfile.TemporaryDirectory() as folder:
        address = f"unix:path={folder}/bus"
        bus = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile", f"--address={address}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        server = NotificationServer(address)
        try:
            deadline = time.monotonic() + 10
            while not os.path.exists(f"{folder}/bus"):
                assert time.monotonic() < deadline, "dbus-daemon did not start"
                time.sleep(0.02)
            server.start()
            yield server
        finally:
            if server._sock is not None:
                server._sock.close()
            bus.terminate()
            bus.wait(timeout=10)
