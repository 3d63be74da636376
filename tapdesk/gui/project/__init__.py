"""What the user has open and keeps: data sets and their fits (the session), the ``.tapdesk``
project file and its codec, and the autosave that brings work back after a crash (Qt-free)."""
