#!/usr/bin/env bash
# Sign dist/Tute.app and wrap it in dist/Tute-<version>.dmg, with an Applications link to
# drag it onto. Run on macOS after `pyinstaller --noconfirm build_exe.spec`.
#
#   installer/macos/make_dmg.sh
#
# Signing is ad-hoc by default: the app runs on the Mac that built it, and elsewhere only
# after the player allows it (right-click > Open). For distribution set
#   CODESIGN_IDENTITY="Developer ID Application: NAME (TEAMID)"
# to sign with the hardened runtime and installer/macos/entitlements.plist, and also
#   NOTARY_PROFILE=NAME   (a keychain profile made once with `xcrun notarytool store-credentials`)
# to have Apple notarize the disk image and staple the ticket to it. See docs/packaging.md.
# create-dmg (brew install create-dmg) lays the window out; without it, plain hdiutil.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APP="$ROOT/dist/Tute.app"
IDENTITY="${CODESIGN_IDENTITY:--}"

if [[ ! -d "$APP" ]]; then
    echo "make_dmg.sh: $APP is missing; run pyinstaller --noconfirm build_exe.spec first" >&2
    exit 1
fi
VERSION="$(/usr/libexec/PlistBuddy -c "Print CFBundleShortVersionString" "$APP/Contents/Info.plist")"
DMG="$ROOT/dist/Tute-$VERSION.dmg"

# 1. Sign the app, every binary inside it included.
if [[ "$IDENTITY" == "-" ]]; then
    codesign --force --deep --sign - "$APP"
else
    codesign --force --deep --timestamp --options runtime \
        --entitlements "$ROOT/installer/macos/entitlements.plist" --sign "$IDENTITY" "$APP"
fi
codesign --verify --deep --strict --verbose=2 "$APP"

# 2. The disk image: the app and a link to /Applications.
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
ditto "$APP" "$STAGE/Tute.app"
rm -f "$DMG"
if command -v create-dmg >/dev/null; then
    # The window layout step drives Finder through AppleScript, which a headless CI runner
    # (CI=true) cannot do reliably: there --skip-jenkins leaves the default layout.
    # shellcheck disable=SC2086  # ${CI:+...} is one word or none
    create-dmg --volname "Tute" --volicon "$ROOT/assets/icon/tute.icns" \
        --window-size 540 380 --icon-size 112 --icon "Tute.app" 140 180 \
        --hide-extension "Tute.app" --app-drop-link 400 180 ${CI:+--skip-jenkins} \
        "$DMG" "$STAGE"
else
    ln -s /Applications "$STAGE/Applications"
    hdiutil create -volname "Tute" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"
fi

# 3. With a real identity: sign the image, then notarize and staple it if a profile is given.
if [[ "$IDENTITY" != "-" ]]; then
    codesign --force --timestamp --sign "$IDENTITY" "$DMG"
    if [[ -n "${NOTARY_PROFILE:-}" ]]; then
        xcrun notarytool submit "$DMG" --keychain-profile "$NOTARY_PROFILE" --wait
        xcrun stapler staple "$DMG"
    fi
fi
echo "$DMG"
