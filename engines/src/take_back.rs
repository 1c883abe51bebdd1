//! Taking an action back by consent (issue #27, "undo by consent"): the checks every game
//! shares. A game allows a take-back only when the action, and everything automatic that
//! followed it, drew on no chance and showed nobody anything hidden; each game words its
//! refusal from its own rulings in its `take_back.rs`.

use serde_json::Value;

use crate::game::{Game, RuleError, Seat, Secret, Viewer};

/// The refusals every game shares, before its own: a resignation stands, and a finished game
/// stays finished (its standings were announced).
///
/// # Errors
/// A [`RuleError`] in words when `action` is a resignation or ended the game.
pub fn opening<G: Game>(after: &G, seat: Seat, action: &G::Action) -> Result<(), RuleError> {
    if *action == G::RESIGN {
        return Err(RuleError::illegal("A resignation cannot be taken back."));
    }
    if after.pending().is_finished() {
        return Err(RuleError::illegal("That move ended the game, so it cannot be taken back."));
    }
    if after.resigned(seat) {
        return Err(RuleError::illegal("You have left this game, so nothing can be taken back for you."));
    }
    Ok(())
}

/// Whether going from `before` to `after` by `seat`'s action showed anyone something hidden
/// from them, judged from the games' own lists of secrets ([`Game::secrets`]): a secret that
/// was not `seat`'s went or moved (a card drawn from the deck, a sealed choice opened,
/// another hand changed), a new secret that is not `seat`'s appeared (a card dealt), or one of
/// `seat`'s own secrets went and its token now shows in someone else's view (a card played
/// face up). A new secret of `seat`'s own (a sealed answer, a card laid face down) shows
/// nothing to anyone else.
#[must_use]
pub fn shows_hidden<G: Game>(before: &G, after: &G, seat: Seat) -> bool {
    let mut gone: Vec<Secret> = before.secrets();
    let mut added = Vec::new();
    for secret in after.secrets() {
        match gone.iter().position(|old| *old == secret) {
            Some(at) => {
                gone.swap_remove(at);
            }
            None => added.push(secret),
        }
    }
    if gone.iter().chain(&added).any(|s| s.owner != Some(seat)) {
        return true;
    }
    if gone.is_empty() {
        return false;
    }
    let tokens: Vec<&str> = gone.iter().map(|s| s.token.as_str()).collect();
    let others = (0..after.players()).map(|i| Seat(i as u8)).filter(|s| *s != seat).map(Viewer::Seat);
    std::iter::once(Viewer::Public)
        .chain(others)
        .any(|viewer| serde_json::to_value(after.view(viewer)).is_ok_and(|json| any_string(&json, &tokens)))
}

/// Whether any string in `json` is one of `tokens`.
fn any_string(json: &Value, tokens: &[&str]) -> bool {
    match json {
        Value::String(text) => tokens.contains(&text.as_str()),
        Value::Array(items) => items.iter().any(|v| any_string(v, tokens)),
        Value::Object(map) => map.values().any(|v| any_string(v, tokens)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::{AnyGame, GameKind, GameRng};

    /// Each action of a seeded two-player walk with whether its maker may take it back.
    fn walk(kind: GameKind, seed: u64) -> Vec<(String, Result<(), String>)> {
        let mut game = AnyGame::setup(kind, &serde_json::Value::Null, 2, seed).expect("setup");
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let mut rng = GameRng::from_seed(3);
        let mut out = Vec::new();
        for _ in 0..60 {
            let Some(seat) = game.pending().must_seats().first() else { break };
            let Some(action) = game.random_action(seat, &mut rng) else { break };
            let before = game.clone();
            game.apply(seat, &action, &names).expect("legal");
            let verdict = game.take_back(&before, seat, &action, &names).map_err(|e| e.to_string());
            out.push((action, verdict));
        }
        out
    }

    /// The verdict on the first action of `walk` written `text`.
    fn verdict(walk: &[(String, Result<(), String>)], text: &str) -> Result<(), String> {
        walk.iter().find(|(action, _)| action == text).unwrap_or_else(|| panic!("no {text} in {walk:?}")).1.clone()
    }

    #[test]
    fn martian_12s_takes_back_a_pass_but_not_a_pull() {
        let walk = walk(GameKind::Martian12s, 7);
        assert_eq!(verdict(&walk, "pass"), Ok(()), "R8: a pass draws nothing");
        let pull = verdict(&walk, "pull any").expect_err("R6: a pull draws from the bag");
        assert_eq!(pull, "A pyramid was drawn from the bag since that move, so it cannot be taken back.");
    }

    #[test]
    fn martian_gunslinger_takes_back_a_turn_but_not_a_card_laid_or_the_next_roll() {
        let walk = walk(GameKind::MartianGunslinger, 7);
        assert_eq!(verdict(&walk, "reorient S"), Ok(()), "R8: turning spends a movement point, draws nothing");
        let lay = verdict(&walk, "lay 2D").expect_err("R24: a resource is laid face up");
        assert!(lay.starts_with("A card was drawn or shown since"), "{lay}");
        let end = verdict(&walk, "skip-event").expect_err("R8: the next player's dice are rolled");
        assert!(end.starts_with("The dice were rolled since"), "{end}");
    }

    #[test]
    fn gunslinger_gang_takes_back_an_underling_laid_face_down_but_not_a_reveal() {
        let walk = walk(GameKind::GunslingerGang, 7);
        assert_eq!(verdict(&walk, "play KID B2 N22"), Ok(()), "R18: laid face down, only its owner knows it");
        let reveal = verdict(&walk, "reveal A1").expect_err("R20: the card is turned face up");
        assert!(reveal.starts_with("A card was revealed or drawn since"), "{reveal}");
    }

    #[test]
    fn conquest_of_mars_takes_back_a_sealed_die_and_a_take_but_not_a_card_turned_up() {
        let walk = walk(GameKind::ConquestOfMars, 7);
        assert_eq!(verdict(&walk, "start d4"), Ok(()), "R4: a sealed choice nobody has seen");
        assert_eq!(verdict(&walk, "take"), Ok(()), "R32: the pools are public");
        let opened = verdict(&walk, "start d10").expect_err("R4: the last choice opens them all");
        assert!(opened.contains("sealed choices were opened"), "{opened}");
        let spawn = verdict(&walk, "spawn C5").expect_err("R8: the card is turned face up");
        assert!(spawn.starts_with("A card was turned face up"), "{spawn}");
    }

    #[test]
    fn raja_takes_back_a_bid_but_not_a_collapse_check_nor_the_revealed_lands() {
        let walk = walk(GameKind::Raja, 7);
        assert_eq!(verdict(&walk, "bid 065"), Ok(()), "R11: bids are open");
        let rolled = verdict(&walk, "build_place 3").expect_err("R23: a stone above row 2 risks a collapse");
        assert_eq!(rolled, "Dice were rolled since that move, so it cannot be taken back.");
        let revealed = walk.iter().filter(|(a, _)| a == "setup_done").nth(1).expect("the second set-up").1.clone();
        assert!(revealed.expect_err("§3 step 6").contains("lands were revealed"));
    }

    #[test]
    fn a_resignation_stands() {
        let mut game = AnyGame::setup(GameKind::Martian12s, &serde_json::Value::Null, 3, 1).expect("setup");
        let names = vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
        let before = game.clone();
        let seat = crate::Seat(2);
        let resign = game.resign_action(seat).expect("may resign");
        game.apply(seat, &resign, &names).expect("resigns");
        let refusal = game.take_back(&before, seat, &resign, &names).expect_err("resignations stand");
        assert_eq!(refusal.to_string(), "A resignation cannot be taken back.");
    }
}
