#!/usr/bin/env bash
# make-demo-audio.sh — render the landing-page demo phone call (EN/FR/ES) to MP3.
#
# Run by hand, from anywhere:  bash scripts/make-demo-audio.sh [en fr es]
# It is NOT part of the build or the tests; the MP3s it writes are committed
# to public/audio/ and served as static files.
#
# Needs, from Debian (main):  apt-get install -y espeak-ng sox lame   (and node, already here)
#
# Input:  scripts/demo-call.json  {"en": [{"who": "assistant"|"caller", "text": "..."}], "fr": [...], "es": [...]}
# Output: public/audio/demo-call-{en,fr,es}.mp3  (mono, 32 kbit/s CBR, ~22 kHz)
#
# Voices: plain espeak-ng formant voices, assistant = female variant "+f3",
# caller = male variant "+m3". MBROLA voices (mbrola-us1, mbrola-fr4, mbrola-es3, ...)
# would sound more natural but are not usable here: the mbrola binary and voices
# are not in Debian main, and the MBROLA voice databases are licensed for
# non-commercial use only, which rules them out for a product landing page.
#
# Per line: espeak-ng -> WAV, trim espeak's own leading/trailing silence, level
# each line to the same RMS so both voices sound equally loud. Then: 0.35 s of
# silence between turns, a gentle band-limit (the espeak buzz above ~7 kHz is
# harsh and lost at 32 kbit/s anyway), light compression, peak-normalise to -1.5 dBFS.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JSON="$ROOT/scripts/demo-call.json"
OUT_DIR="$ROOT/public/audio"
RATE=22050
PAUSE=0.35      # seconds between turns
LEAD=0.30       # silence at the very start and end
LINE_RMS=-20    # dBFS RMS each spoken line is levelled to

for tool in espeak-ng sox lame node; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "error: '$tool' not found (apt-get install -y espeak-ng sox lame)" >&2
    exit 1
  }
done

# voice_for LANG WHO -> "espeak-voice speed-wpm pitch(0-99) word-gap(10ms units)"
voice_for() {
  case "$1:$2" in
    en:assistant) echo "en-us+f3 160 55 1" ;;
    en:caller)    echo "en-us+m3 170 40 0" ;;
    fr:assistant) echo "fr-fr+f3 160 55 1" ;;
    fr:caller)    echo "fr-fr+m3 170 40 0" ;;
    es:assistant) echo "es+f3 165 55 1" ;;
    es:caller)    echo "es+m3 175 40 0" ;;
    *) echo "error: no voice for $1/$2" >&2; return 1 ;;
  esac
}

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

sox -R -n -r "$RATE" -c 1 -b 16 "$TMP/pause.wav" trim 0 "$PAUSE"
sox -R -n -r "$RATE" -c 1 -b 16 "$TMP/lead.wav" trim 0 "$LEAD"

render_lang() {
  local lang="$1" dir="$TMP/$1" n=0 who text voice speed pitch gap
  mkdir -p "$dir"
  local parts=("$TMP/lead.wav")

  # One line per turn: "<who>\t<text>" (tabs/newlines inside text flattened to spaces).
  while IFS=$'\t' read -r who text; do
    n=$((n + 1))
    read -r voice speed pitch gap <<<"$(voice_for "$lang" "$who")"
    printf '%s\n' "$text" >"$dir/$n.txt"
    espeak-ng -v "$voice" -s "$speed" -p "$pitch" -g "$gap" -f "$dir/$n.txt" -w "$dir/$n.raw.wav"
    # trim espeak's leading/trailing silence, resample, peak-normalise
    sox -R "$dir/$n.raw.wav" -r "$RATE" -c 1 -b 16 "$dir/$n.trim.wav" \
      silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse \
      gain -n -3
    # then bring every line to the same RMS loudness (limiter catches peaks)
    rms="$(sox "$dir/$n.trim.wav" -n stats 2>&1 | awk '/^RMS lev dB/ {print $4}')"
    sox -R "$dir/$n.trim.wav" "$dir/$n.wav" \
      gain -l "$(awk -v r="$rms" -v t="$LINE_RMS" 'BEGIN {printf "%.2f", t - r}')"
    [ "$n" -gt 1 ] && parts+=("$TMP/pause.wav")
    parts+=("$dir/$n.wav")
  done < <(node -e '
    const [file, lang] = process.argv.slice(1);
    const lines = JSON.parse(require("fs").readFileSync(file, "utf8"))[lang];
    if (!Array.isArray(lines) || lines.length === 0) {
      console.error(`error: no "${lang}" lines in ${file}`);
      process.exit(1);
    }
    for (const { who, text } of lines) {
      if (who !== "assistant" && who !== "caller") {
        console.error(`error: bad "who": ${who}`);
        process.exit(1);
      }
      console.log(`${who}\t${String(text).replace(/\s+/g, " ").trim()}`);
    }
  ' "$JSON" "$lang")

  [ "$n" -gt 0 ] || { echo "error: nothing rendered for $lang" >&2; return 1; }
  parts+=("$TMP/lead.wav")

  sox -R "${parts[@]}" "$dir/call.wav" \
    highpass 90 lowpass 7000 gain -6 \
    compand 0.02,0.25 -60,-60,-30,-18,0,-6 0 -90 0.02 \
    norm -1.5

  mkdir -p "$OUT_DIR"
  local mp3="$OUT_DIR/demo-call-$lang.mp3"
  lame --quiet -m m -b 32 -q 2 \
    --tt "Recepta demo call ($lang)" --ta "Recepta" --tl "Recepta demo" \
    "$dir/call.wav" "$mp3"

  printf '%s: %d turns, %.1f s, %d bytes\n' "$mp3" "$n" \
    "$(soxi -D "$dir/call.wav")" "$(stat -c %s "$mp3")"
}

LANGS=("$@")
[ "${#LANGS[@]}" -gt 0 ] || LANGS=(en fr es)
for lang in "${LANGS[@]}"; do
  render_lang "$lang"
done
