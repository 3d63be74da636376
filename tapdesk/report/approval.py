"""The approval block: where the people who approve a report sign it.

Each signer is given as "Name, role" (the Export dialog's *Approval by* box, one a line;
``tapdesk report --sign`` and ``tapdesk pack --sign``, repeated). The block is the report's
last section, after the glossary, so that the signatures close what they approve (and, when
the committee asks for it, also at the foot of page one): a sentence, then for each signer
their name and role above a signature line and a date line. It is made of plain
paragraphs, so the PDF, ODT, DOCX and HTML writers all set it (the "signature" paragraph
style leaves room above the lines to sign in).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tapdesk.errors import SettingError
from tapdesk.i18n import N_, _
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted
from tapdesk.report.document import Paragraph, Section

# Translators: the approval block's heading and its first sentence.
APPROVAL_TITLE = N_("Approval")
APPROVAL_INTRO = N_("Read and approved by the people named below, each signing and dating "
                    "on their own line.")
# Translators: how a signer of a report is written, a name, a comma and a role (shown as the
# form to follow in the Export dialog).
SIGN_FORMAT = N_("Name, role")
"""How a signer is written, everywhere a signer is asked for (translated where shown)."""
SIGNATURE_LINE = f"Signature {'_' * 36}   Date {'_' * 18}"
"""The line each signer signs and dates on (the same characters in every format)."""
SIGN_ROOM_MM = 12.0
"""The room above a signature line to sign in, in every format that has pages."""


@dataclass(frozen=True)
class Signer:
    """One person who signs the report: a name and, if given, a role."""

    name: str
    role: str = ""

    @classmethod
    def parse(cls, text: str) -> Signer:
        """``"Name, role"`` (the role may hold more commas, or be left out)."""
        name, _, role = text.strip().partition(",")
        if not name.strip():
            # Translators: {form} is how a signer is typed ("Name, role"); {given} what was
            # typed.
            raise SettingError(said("a signer is written as {form}, with a name before the "
                                    "comma; {given} has no name", form=made(quoted, SIGN_FORMAT),
                                    given=made(quoted, text.strip())), settings=("sign",))
        return cls(" ".join(name.split()), " ".join(role.split()))

    def label(self) -> str:
        return f"{self.name}, {self.role}" if self.role else self.name


def signers_of(texts: Iterable[str]) -> tuple[Signer, ...]:
    """The signers of ``texts`` ("Name, role" each; blank ones skipped)."""
    return tuple(Signer.parse(text) for text in texts if text.strip())


def approval_section(signers: Iterable[str], key: str = "approval") -> Section | None:
    """The approval block for ``signers`` ("Name, role" each), or None when nobody signs;
    ``key``: the section's (a second block at page one's foot has its own)."""
    people = signers_of(signers)
    if not people:
        return None
    blocks = [Paragraph(_(APPROVAL_INTRO))]
    for person in people:
        blocks += [Paragraph(signature_line(), "signature"), Paragraph(person.label(), "small")]
    return Section(key, _(APPROVAL_TITLE), tuple(blocks), page_one_foot=key != "approval")


def signature_line() -> str:
    """:data:`SIGNATURE_LINE` in the report's language (the same lines to write on)."""
    # Translators: the line a signer signs and dates on; {line} and {date_line} are the
    # underscores written on (keep the three spaces before the date's word).
    return _("Signature {line}   Date {date_line}").format(line="_" * 36, date_line="_" * 18)
