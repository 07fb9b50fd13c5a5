#!/usr/bin/env bash
# Regenerates all original site media from code: hero video + poster, boat photos,
# promo images, brand logo, favicon and app icons. Everything is drawn here (SVG),
# nothing is downloaded.
#
#   bash scripts/media/make-media.sh
#
# Needs (Debian): nodejs, librsvg2-bin (rsvg-convert), ffmpeg, webp (cwebp),
# libavif-bin (avifenc), imagemagick (only for the JPEG poster).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/scripts/media"
PUB="$ROOT/apps/web/public"
OUT="$PUB/media"
FPS=25
SECONDS_LOOP=10
JOBS="$(nproc 2>/dev/null || echo 2)"

# /usr/local/bin may hold stand-ins; prefer the real Debian binaries.
pick() {
  for c in "$@"; do
    if [ -x "$c" ]; then echo "$c"; return 0; fi
    if command -v "$c" >/dev/null 2>&1 && [ "${c#/}" = "$c" ]; then command -v "$c"; return 0; fi
  done
  echo "missing tool: $*" >&2
  exit 1
}
FFMPEG="$(pick /usr/bin/ffmpeg ffmpeg)"
RSVG="$(pick /usr/bin/rsvg-convert rsvg-convert)"
CWEBP="$(pick /usr/bin/cwebp cwebp)"
AVIFENC="$(pick /usr/bin/avifenc avifenc)"
MAGICK="$(pick /usr/bin/magick /usr/bin/convert)"
NODE="$(pick node /usr/bin/node)"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

webp() { # in.png out.webp quality
  "$CWEBP" -quiet -q "$3" -m 6 -sharp_yuv -metadata none "$1" -o "$2"
}
avif() { # in.png out.avif cq-level (0-63, lower = better)
  "$AVIFENC" --jobs all --speed 4 --depth 8 --yuv 420 --min 0 --max 63 \
    -a end-usage=q -a "cq-level=$3" -a tune=ssim "$1" "$2" >/dev/null
}
png() { # in.svg out.png width height
  "$RSVG" --width "$3" --height "$4" --keep-aspect-ratio "$1" --output "$2"
}

log "Drawing scenes (SVG)"
"$NODE" "$HERE/render.mjs" "$TMP/svg" "$FPS" "$SECONDS_LOOP"

rm -rf "$OUT/hero" "$OUT/boats" "$OUT/promo" "$OUT/brand" "$PUB/icons"
mkdir -p "$OUT/hero" "$OUT/boats" "$OUT/promo" "$OUT/brand" "$PUB/icons" "$TMP/png" "$TMP/frames"

log "Boat photos (7 boats x 3 scenes, 480/960 px, 4:3)"
for svg in "$TMP"/svg/boats/*.svg; do
  name="$(basename "$svg" .svg)"
  for w in 480 960; do
    h=$((w * 3 / 4))
    png "$svg" "$TMP/png/$name-$w.png" "$w" "$h"
    webp "$TMP/png/$name-$w.png" "$OUT/boats/$name-$w.webp" 84
    avif "$TMP/png/$name-$w.png" "$OUT/boats/$name-$w.avif" 26
  done
done

log "Promo images (16:9, 640/1280 px)"
for name in charter shared; do
  for w in 640 1280; do
    h=$((w * 9 / 16))
    png "$TMP/svg/promo/$name.svg" "$TMP/png/$name-$w.png" "$w" "$h"
    webp "$TMP/png/$name-$w.png" "$OUT/promo/$name-$w.webp" 84
    avif "$TMP/png/$name-$w.png" "$OUT/promo/$name-$w.avif" 26
  done
done

log "Hero frames ($((FPS * SECONDS_LOOP)) x 1280x720)"
export RSVG
find "$TMP/svg/hero" -name 'frame-*.svg' -print0 | sort -z |
  xargs -0 -P "$JOBS" -n 8 sh -c 'for f; do "$RSVG" --width 1280 --height 720 "$f" --output "${f%.svg}.png"; done' _
mv "$TMP"/svg/hero/frame-*.png "$TMP/frames/"

log "Hero poster = frame 0 (640/1280/1920)"
first="$TMP/svg/hero/frame-0000.svg"
for w in 640 1280 1920; do
  h=$((w * 9 / 16))
  png "$first" "$TMP/png/poster-$w.png" "$w" "$h"
done
avif "$TMP/png/poster-640.png" "$OUT/hero/poster-640.avif" 28
avif "$TMP/png/poster-1280.png" "$OUT/hero/poster-1280.avif" 28
avif "$TMP/png/poster-1920.png" "$OUT/hero/poster-1920.avif" 28
webp "$TMP/png/poster-640.png" "$OUT/hero/poster-640.webp" 78
webp "$TMP/png/poster-1280.png" "$OUT/hero/poster-1280.webp" 78
webp "$TMP/png/poster-1920.png" "$OUT/hero/poster-1920.webp" 78
"$MAGICK" "$TMP/png/poster-1280.png" -strip -sampling-factor 4:2:0 -interlace Plane -quality 82 "$OUT/hero/poster-1280.jpg"

log "Hero video: H.264 MP4 (two-pass, no audio, +faststart)"
( cd "$TMP" &&
  "$FFMPEG" -hide_banner -loglevel error -y -framerate "$FPS" -i frames/frame-%04d.png \
    -c:v libx264 -preset veryslow -tune animation -profile:v high -pix_fmt yuv420p \
    -b:v 600k -maxrate 900k -bufsize 1800k -g "$((FPS * 2))" -pass 1 -passlogfile x264 -an -f mp4 /dev/null &&
  "$FFMPEG" -hide_banner -loglevel error -y -framerate "$FPS" -i frames/frame-%04d.png \
    -c:v libx264 -preset veryslow -tune animation -profile:v high -pix_fmt yuv420p \
    -b:v 600k -maxrate 900k -bufsize 1800k -g "$((FPS * 2))" -pass 2 -passlogfile x264 -an \
    -movflags +faststart "$OUT/hero/hero-720.mp4" )

log "Hero video: VP9 WebM (two-pass, no audio)"
( cd "$TMP" &&
  "$FFMPEG" -hide_banner -loglevel error -y -framerate "$FPS" -i frames/frame-%04d.png \
    -c:v libvpx-vp9 -b:v 560k -pix_fmt yuv420p -row-mt 1 -tile-columns 1 -deadline good -cpu-used 2 \
    -g "$((FPS * 5))" -pass 1 -passlogfile vp9 -an -f webm /dev/null &&
  "$FFMPEG" -hide_banner -loglevel error -y -framerate "$FPS" -i frames/frame-%04d.png \
    -c:v libvpx-vp9 -b:v 560k -pix_fmt yuv420p -row-mt 1 -tile-columns 1 -deadline good -cpu-used 2 \
    -g "$((FPS * 5))" -pass 2 -passlogfile vp9 -an "$OUT/hero/hero-720.webm" )

log "Brand mark, favicon, app icons"
cp "$HERE/svg/logo.svg" "$OUT/brand/logo.svg"
cp "$HERE/svg/logo-dark.svg" "$OUT/brand/logo-dark.svg"
cp "$HERE/svg/favicon.svg" "$PUB/favicon.svg"
png "$HERE/svg/icon.svg" "$PUB/icons/apple-touch-icon.png" 180 180
png "$HERE/svg/icon.svg" "$PUB/icons/icon-192.png" 192 192
png "$HERE/svg/icon.svg" "$PUB/icons/icon-512.png" 512 512

log "Checking size budgets"
fail=0
budget() { # file max-bytes
  local size
  size=$(stat -c %s "$1")
  if [ "$size" -gt "$2" ]; then
    echo "  OVER BUDGET: $1 is $size bytes (max $2)" >&2
    fail=1
  fi
}
budget "$OUT/hero/hero-720.mp4" 921600
budget "$OUT/hero/hero-720.webm" 921600
budget "$OUT/hero/poster-640.avif" 25600
budget "$OUT/hero/poster-1280.avif" 61440
for f in "$OUT"/boats/*-960.webp; do budget "$f" 71680; done
for f in "$OUT"/brand/*.svg; do budget "$f" 3072; done
total=$(du -cb "$OUT" "$PUB/favicon.svg" "$PUB/icons" | tail -1 | cut -f1)
[ "$total" -le 6291456 ] || { echo "  OVER BUDGET: total media $total bytes (max 6 MiB)" >&2; fail=1; }
echo "  total: $total bytes"
[ "$fail" -eq 0 ] || exit 1
log "Done"
