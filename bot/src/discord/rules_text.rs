//! `/rules`: a short, player-friendly summary of each game, written for a Discord message
//! (the full specifications live in the rules documents; rulings are cited in the bot's
//! refusals where they matter).

use engines::GameKind;

/// The summary of `game`, at most a Discord message long.
#[must_use]
pub fn summary(game: GameKind) -> &'static str {
    match game {
        GameKind::Martian12s => MARTIAN_12S,
        GameKind::MartianGunslinger => MARTIAN_GUNSLINGER,
        GameKind::GunslingerGang => GUNSLINGER_GANG,
        GameKind::ConquestOfMars => CONQUEST_OF_MARS,
        GameKind::Raja => RAJA,
    }
}

const MARTIAN_12S: &str = "\
**Martian 12s** — a push-your-luck casino game for 2–9 players (Avri Klemer).

**Goal:** end the match with the most credits.
**Each round** players take turns, starting with the first drawer. On your turn either:
• **Pull** — pay the stake (1 credit by default) into the pot and draw a pyramid from the bag. \
You may feel for a size (small, medium or large) or grab blind; you never see the colour first.
• **Pass** — stop for this round; your score stands. Passing is free, even with nothing pulled.
Colours score **0 black, 1 red, 2 yellow, 3 green, 4 blue** (the digit is printed on every pyramid).
Go **over 12 and you pop**: you are out of the round and your stakes stay in the pot. Exactly 12 is safe.
**The round ends** when only one player has not popped (they win at once), when everyone has stopped, \
or when two or more are still pulling and all have pulled six times.
**Winner of the round:** highest score not over 12; a tie goes to whoever holds more pyramids; \
a full tie splits the pot and any odd credit carries over.
**Match end:** after the set number of rounds (10 by default), or when fewer than two players can pay the stake. \
Most credits wins; ties go to more rounds won.
Players who cannot pay the stake sit out. `/resign` leaves the match; if you run out of time you pass.";

const MARTIAN_GUNSLINGER: &str = "\
**Martian Gunslinger** — a card-and-pyramid duel on an 8×8 board for 2–4 players (Shane Tilton).

**Goal:** the first of: **7 victory points**; a **straight flush** among your face-up resources; \
every other gunslinger knocked off the board or sent home after you win an attack; \
or staying **Mayor** for three full rounds. After 50 rounds the most VP wins.
**Your turn:** roll the table die (movement points) and the Treehouse die (a power: Tip, Hop, Aim, Swap, Dig or Wild). \
Move along your facing: step forward, turn, and use Aim or Hop if you rolled them. Then you may \
**attempt the plotpoint** you face (your card against the house card, 1 VP) or **attack** the gunslinger you face \
(a draw-poker duel: bigger pyramids draw more cards, leaders discard more). The loser shrinks, halves their VP \
and loses turns.
Then you may **play one hand card** (paid with face-up resources of its suit: upgrades, teleport, refills, \
growth, sabotage, rerolls), **lay one resource** face up, and **play your secret event** when its resources are \
on the table (Shootout, Brawl, Robbery, Jailbreak, Mayor election with sealed bids, and more). Draw at the end.
Your hand, event card, duel cards and bids are private: they come by DM and in `/hand`.";

const GUNSLINGER_GANG: &str = "\
**Gunslinger Gang** — area control in a frontier town grid, 2–4 players, exactly 4 rounds (Alex Churchill).

**Planning:** in turn, place your underling cards face down on town stacks. Everyone sees where; only you \
know which underling it is (choose it in your DM or `/hand`).
**Resolution:** in turn, reveal the top card of a stack you own and use its ability: move gunslingers in, \
hire new ones, or its special talent. News Stories from your hand can change the play before or after.
**Scoring:** each town goes to the player with the most gunslingers there (the sheriff, then the deputy, \
break ties) and pays its output in VP. The two most contested towns grow buildings; new towns are founded \
after round 2.
**End:** after round 4, items and unused News Stories add 1 VP each. Most VP wins.";

const CONQUEST_OF_MARS: &str = "\
**Conquest of Mars** — an abstract wargame with pyramids and dice on a grid of face-down cards, 2–4 players \
(Ryan Hackel).

Spawn, grow, turn and move your nine pyramids; collect and trade dice; attack with dice battles, inviting \
others to join. The game ends the moment a player has all nine pyramids on the board. Your two secret cards \
plus every card you alone occupy form a poker hand (Aces low, no straights): the best five-card hand wins.";

const RAJA: &str = "\
**Raja** — rival noble families compete for a vacant throne, 2–5 players (Kreitler).

Each turn, cities whose tile matches the season produce grain; players bid for the first move; then each \
player trades with the others and three price-moving markets, turns grain into wall stones, deploys shields \
and may besiege one opponent with elephants. Cash and bids are private. You score 1 per own noble, 2 per \
captured noble and 1 per wall of 15+ stones; the first to the threshold at the end of a turn wins.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_summary_fits_one_message() {
        for game in GameKind::ALL {
            let text = summary(game);
            assert!(text.chars().count() <= 2000, "{game}: {} characters", text.chars().count());
            assert!(text.contains(game.name()), "{game}");
        }
    }
}
