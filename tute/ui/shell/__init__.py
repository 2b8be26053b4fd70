"""The app shell: the window and its loop, the scene stack, held keys, the worker
thread the computer thinks on, audio, the generic scenes (dialog, backdrop) and the
routes a scene opens another screen by.

May import ``words`` and ``widgets``. It never names a screen: the scenes it first shows are
handed to it by ``tute.ui.main``."""
