"""The app checks itself: the scripted walkthrough (``tapdesk --selftest``), its checks of
layout, accessibility and recovery, and the crash probe that is killed on purpose."""
