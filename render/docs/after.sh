#!/usr/bin/env bash
# Redraws the "after" pictures of render/README.md from what the render crate draws today:
# six are golden boards (render/tests/golden/, refreshed with UPDATE_GOLDEN=1 and looked at
# before they are committed), one is a stop along the limits test's walk. Run from the
# repository's root: render/docs/after.sh
set -euo pipefail
docs=render/docs golden=render/tests/golden
cp "$golden/conquest_attack_commit_seat.png" "$docs/conquest-attack-seat-after.png"
cp "$golden/nine_players.png" "$docs/martian-12s-nine-players-after.png"
cp "$golden/round_just_ended.png" "$docs/martian-12s-round-ended-after.png"
cp "$golden/gunslinger_four_players_mid_game.png" "$docs/martian-gunslinger-four-players-after.png"
cp "$golden/raja_finished.png" "$docs/raja-five-players-finished-after.png"
cp "$golden/raja_siege.png" "$docs/raja-siege-after.png"
cargo run --quiet --release -p render --example doc_picture -- \
  gunslinger-gang 4 0 30 1 "$docs/gunslinger-gang-four-players-seat-after.png"
# Size and height of each, for the README's words.
for f in "$docs"/*-after.png; do
  height=$(od -An -tu1 -j20 -N4 "$f" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
  width=$(od -An -tu1 -j16 -N4 "$f" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
  echo "$f: ${width} x ${height} px, $(( $(stat -c %s "$f") / 1000 )) KB"
done
