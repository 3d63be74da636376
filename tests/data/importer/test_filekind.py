"""Issue 44: a file's kind from its magic bytes, before any text decoding.

A program (Linux ELF, macOS Mach-O, Windows PE) is refused as "a program, not a data file",
never read as damaged UTF-16 text, whatever its name; a table whose first cell happens to
start with a program's letters ("MZ") stays a table.
"""

from __future__ import annotations

import pytest

from tapdesk.data.importer.filekind import content_kind, refuse_other
from tapdesk.data.readers import read_ratings
from tapdesk.errors import DataError


def windows_program() -> bytes:
    """The start of a PE file: 'MZ', the PE header's offset at 0x3C, 'PE\\0\\0' there."""
    head = bytearray(0x80)
    head[:2] = b"MZ"
    head[0x3C:0x40] = (0x80).to_bytes(4, "little")
    return bytes(head) + b"PE\x00\x00" + b"\x4c\x01" + b"\x00" * 200


PROGRAMS = {
    "Linux ELF": b"\x7fELF\x02\x01\x01" + b"\x00" * 200,
    "macOS Mach-O": b"\xcf\xfa\xed\xfe\x07\x00\x00\x01" + b"\x00" * 200,
    "Windows .exe or .dll": windows_program(),
}


@pytest.mark.parametrize("system", PROGRAMS)
def test_programs_are_known_by_their_magic_bytes(system):
    assert content_kind(PROGRAMS[system]) == f"program ({system})"


@pytest.mark.parametrize("system", PROGRAMS)
def test_a_program_named_like_a_table_is_refused_as_a_program(tmp_path, system):
    path = tmp_path / "ratings.csv"
    path.write_bytes(PROGRAMS[system])
    with pytest.raises(DataError) as caught:
        read_ratings(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: this is a program ({system}), not a data file")
    assert "UTF-16" not in message and "\n" not in message


@pytest.mark.parametrize("data", [b"MZ,rater\n1,2\n", b"MZ rater;score\n" * 10])
def test_a_table_that_starts_with_a_program_s_letters_is_a_table(data):
    assert content_kind(data) == "text"
    refuse_other(content_kind(data), "t.csv")             # no refusal
