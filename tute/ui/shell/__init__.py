"""The app shell: the window and its loop, the scene stack, held keys, HiDPI, the worker
thread the computer thinks on, audio, and the generic scenes (dialog, backdrop).

May import ``words`` and ``widgets``. It never names a screen: the scenes it first shows are
handed to it by ``tute.ui.main``."""
