"""What an ELF file (a Linux program or shared library) needs: pure Python, no binutils.

Read by ``tapdesk.spec`` (which leaves out the libraries nothing left in the bundle needs,
see :func:`unneeded`) and by ``packaging/linux/check_release.sh`` (the highest glibc symbol
version any bundled file needs, see :func:`highest_glibc`). ``readelf`` is in binutils, which
a plain Debian or Ubuntu does not install, so the two sections read here are parsed directly:

- ``.dynamic``: the ``DT_NEEDED`` entries (the libraries the file is linked against);
- ``.gnu.version_r``: the symbol versions it needs from each library (``GLIBC_2.34`` ...).

Command line::

    python3 packaging/elf_info.py glibc FOLDER_OR_FILE...   # highest GLIBC_x.y needed, and by which file
    python3 packaging/elf_info.py needed FILE               # its DT_NEEDED libraries
"""

from __future__ import annotations

import os
import re
import struct
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
SHT_DYNAMIC = 6
SHT_GNU_VERNEED = 0x6FFFFFFE
DT_NULL = 0
DT_NEEDED = 1
DT_SONAME = 14
GLIBC = re.compile(r"^GLIBC_(\d+(?:\.\d+)*)$")


class ElfError(ValueError):
    """The file is not an ELF file this reader understands."""


def is_elf(path: str | os.PathLike) -> bool:
    """True for a regular file that starts with the ELF magic bytes."""
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == ELF_MAGIC
    except OSError:
        return False


def _sections(data: bytes) -> tuple[str, bool, list[tuple[int, int, int, int, int]]]:
    """Byte order, 64-bit or not, and (type, offset, size, link, info) of every section."""
    if data[:4] != ELF_MAGIC or len(data) < 64:
        raise ElfError("not an ELF file")
    wide = {1: False, 2: True}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if wide is None or order is None:
        raise ElfError("unknown ELF class or byte order")
    if wide:
        shoff, = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
        layout = order + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
        layout = order + "IIIIIIIIII"
    found = []
    for index in range(shnum):
        start = shoff + index * shentsize
        if start + struct.calcsize(layout) > len(data):
            raise ElfError("section headers past the end of the file")
        _name, kind, _flags, _addr, offset, size, link, info, _align, _entsize = \
            struct.unpack_from(layout, data, start)
        found.append((kind, offset, size, link, info))
    return order, wide, found


def _string(data: bytes, table: tuple[int, int, int, int, int], offset: int) -> str:
    start = table[1] + offset
    end = data.index(b"\0", start)
    return data[start:end].decode("utf-8", "replace")


def _dynamic_strings(path: str | os.PathLike, wanted_tag: int) -> list[str]:
    """The strings of the ``.dynamic`` entries tagged ``wanted_tag``, in their order."""
    data = Path(path).read_bytes()
    order, wide, sections = _sections(data)
    entry = order + ("qQ" if wide else "iI")
    step = struct.calcsize(entry)
    names = []
    for kind, offset, size, link, _info in sections:
        if kind != SHT_DYNAMIC:
            continue
        strings = sections[link]
        for start in range(offset, offset + size, step):
            tag, value = struct.unpack_from(entry, data, start)
            if tag == DT_NULL:
                break
            if tag == wanted_tag:
                names.append(_string(data, strings, value))
    return names


def needed(path: str | os.PathLike) -> list[str]:
    """The file's ``DT_NEEDED`` libraries (sonames), in their order."""
    return _dynamic_strings(path, DT_NEEDED)


def soname(path: str | os.PathLike) -> str | None:
    """The library's own ``DT_SONAME``, or None (a program, or a library without one)."""
    names = _dynamic_strings(path, DT_SONAME)
    return names[0] if names else None


def version_needs(path: str | os.PathLike) -> dict[str, list[str]]:
    """The symbol versions the file needs, per library: ``{"libc.so.6": ["GLIBC_2.2.5", ...]}``."""
    data = Path(path).read_bytes()
    _order, _wide, sections = _sections(data)
    order = _order
    found: dict[str, list[str]] = {}
    for kind, offset, _size, link, count in sections:
        if kind != SHT_GNU_VERNEED:
            continue
        strings = sections[link]
        start = offset
        for _ in range(count):
            _version, aux_count, file_name, aux, following = struct.unpack_from(order + "HHIII", data, start)
            versions = found.setdefault(_string(data, strings, file_name), [])
            aux_start = start + aux
            for _ in range(aux_count):
                _hash, _flags, _other, name, aux_next = struct.unpack_from(order + "IHHII", data, aux_start)
                versions.append(_string(data, strings, name))
                aux_start += aux_next
            if not following:
                break
            start += following
    return found


def glibc_key(version: str) -> tuple[int, ...]:
    """``"2.35"`` -> ``(2, 35)``, for comparing glibc versions."""
    return tuple(int(part) for part in version.split("."))


def glibc_needed(path: str | os.PathLike) -> str | None:
    """The highest ``GLIBC_x.y`` version the file needs (``"2.34"``), or None."""
    best = None
    for versions in version_needs(path).values():
        for name in versions:
            match = GLIBC.match(name)
            if match and (best is None or glibc_key(match.group(1)) > glibc_key(best)):
                best = match.group(1)
    return best


def elf_files(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """Every ELF file under the given folders (or the given files themselves), sorted."""
    found = []
    for path in map(Path, paths):
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        found += [p for p in candidates if not p.is_symlink() and is_elf(p)]
    return found


def highest_glibc(paths: Iterable[str | os.PathLike]) -> tuple[str | None, Path | None, int]:
    """The highest glibc version any ELF file under ``paths`` needs, the first file needing it,
    and how many ELF files were read."""
    best, which = None, None
    files = elf_files(paths)
    for path in files:
        version = glibc_needed(path)
        if version and (best is None or glibc_key(version) > glibc_key(best)):
            best, which = version, path
    return best, which, len(files)


def unneeded(kept: Iterable[str], dropped: Iterable[str], candidates: dict[str, str],
             needs: Callable[[str], list[str]], names: Callable[[str], list[str]]) -> set[str]:
    """The candidate libraries that only dropped files needed: they can be left out too.

    ``kept``: files that stay in the bundle (Python extension modules, Qt's libraries, the
    Qt plugins kept ...); ``dropped``: files left out (the Qt plugins the app does not use,
    e.g. the GTK platform theme); ``candidates``: bundle path -> file of the libraries
    collected from the build host because some binary needed them; ``needs(file)``: its
    ``DT_NEEDED`` sonames; ``names(file)``: the names a library is needed by (its file
    name and its soname).

    Conservative: a candidate is left out only when a dropped file needs it (directly or
    through other candidates) and nothing kept does; a candidate no dropped file needs
    (e.g. one loaded with ctypes, or libpython) stays whatever the rest says.
    Returns the bundle paths of the candidates to leave out.
    """
    by_name = {name: dest for dest, source in candidates.items() for name in names(source)}

    def closure(starts: Iterable[str]) -> set[str]:
        reached: set[str] = set()
        todo = list(starts)
        while todo:
            for name in needs(todo.pop()):
                dest = by_name.get(name)
                if dest is not None and dest not in reached:
                    reached.add(dest)
                    todo.append(candidates[dest])
        return reached

    only_dropped = closure(dropped)
    roots = list(kept) + [candidates[dest] for dest in candidates if dest not in only_dropped]
    return only_dropped - closure(roots)


def library_names(path: str) -> list[str]:
    """The names a library is needed by: its file name and its soname (when it has one)."""
    found = [Path(path).name]
    try:
        own = soname(path)
    except (OSError, ElfError, struct.error, ValueError):
        own = None
    return found + ([own] if own and own != found[0] else [])


def safe_needed(path: str) -> list[str]:
    """:func:`needed`, or no libraries for a file that is not ELF (a script, a data file)."""
    try:
        return needed(path)
    except (OSError, ElfError, struct.error, ValueError):
        return []


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "glibc":
        best, which, count = highest_glibc(argv[1:])
        print(f"{best or 'none'}\t{which or '-'}\t{count}")
        return 0
    if len(argv) == 2 and argv[0] == "needed":
        print("\n".join(needed(argv[1])))
        return 0
    print(__doc__.split("Command line::", 1)[1].strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
