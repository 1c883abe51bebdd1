//! Events in sentences, and labels for actions.

use super::action::{Action, Bonus, EventParams, HandPlay, PlayOption, Target, event_title};
use super::log::{ContestWhy, Event};
use super::state::{Die, MartianGunslinger, Pile, Place, WinReason};
use crate::game::Seat;
use crate::parts::cards::Card;

fn cards(list: &[Card]) -> String {
    if list.is_empty() {
        "nothing".to_string()
    } else {
        list.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// The label of a `PlayHandCard`.
fn play_label(play: &HandPlay) -> String {
    let costs = play.costs.to_string();
    let option = match play.option {
        PlayOption::Plain => String::new(),
        PlayOption::King(Bonus::Draw) => ": +1 card drawn".into(),
        PlayOption::King(Bonus::Discard) => ": +1 card exchanged".into(),
        PlayOption::Teleport(to) => format!(" to {to}"),
        PlayOption::Refill { swap: true } => ", swapping the event card".into(),
        PlayOption::Refill { swap: false } => String::new(),
        PlayOption::Destroy { victim, target: Target::Card(card) } => format!(": {victim}'s {card}"),
        PlayOption::Destroy { victim, target: Target::Locked } => format!(": a Locked card of {victim}"),
    };
    format!("Play {} paying {costs}{option}", play.card)
}

impl MartianGunslinger {
    /// A player-facing label for a complete action.
    pub(crate) fn label(&self, action: &Action) -> String {
        match action {
            Action::PlaceHome { corner, dir } => format!("Home on {corner}, facing {dir}"),
            Action::PlacePlotpoint(square) => {
                format!("Place {} on {square}", self.next_plotpoint().map_or("a plotpoint", |p| p.name()))
            }
            Action::MovePlotpoint(plot, square) => format!("Move {plot} to {square}"),
            Action::SkipMovePlotpoint => "Leave the plotpoints".into(),
            Action::ReEnter(square, dir) => format!("Re-enter on {square}, facing {dir}"),
            Action::UseReroll(Die::Table) => format!("Re-roll the d6 (now {})", self.turn.d6),
            Action::UseReroll(Die::Treehouse) => {
                format!("Re-roll the Treehouse die (now {})", self.turn.face.map_or("-", |f| f.name()))
            }
            Action::KeepRolls => "Keep the rolls".into(),
            Action::WildChoose(face) => format!("Wild: {face}"),
            Action::WildReroll => "Wild: re-roll the d6".into(),
            Action::Tip(seat, dir) => format!("Tip {seat} to face {dir}"),
            Action::Swap(a, b) => format!("Swap {a} and {b}"),
            Action::DigFrom(Pile::Draw) => "Dig the draw pile".into(),
            Action::DigFrom(Pile::Discard) => {
                format!("Dig the discard pile ({})", self.discard.last().map_or("-".into(), ToString::to_string))
            }
            Action::DigTo(Place::Hand) => "Into the hand".into(),
            Action::DigTo(Place::Resources) => "Face up as a resource".into(),
            Action::PassPower => "Pass the power".into(),
            Action::Step => format!("Step ({} MP left)", self.turn.mp),
            Action::Reorient(dir) => format!("Reorient {dir} (1 MP)"),
            Action::Aim(dir) => format!("Aim {dir} (free)"),
            Action::Hop => "Hop".into(),
            Action::EndMove => "End movement".into(),
            Action::AttemptPlotpoint => "Attempt the plotpoint".into(),
            Action::Attack => "Attack".into(),
            Action::SkipAction => "No attempt or attack".into(),
            Action::ContestDiscard(card) => format!("Exchange {card}"),
            Action::ContestDone => "Done exchanging".into(),
            Action::PlayHandCard(play) => play_label(play),
            Action::RefillDiscard(card) => format!("Discard {card}"),
            Action::RefillDone => "Done: draw up to six".into(),
            Action::SkipHandCard => "No hand card".into(),
            Action::LayResource(card) => format!("Lay {card} as a resource"),
            Action::SkipResource => "No resource".into(),
            Action::PlayEvent(params) => format!("{}: {}", event_title(params.rank()), Action::PlayEvent(*params)),
            Action::SkipEvent => "Keep the event card".into(),
            Action::SubmitBid(n) => format!("Bid {n}"),
            Action::PayResource(card) => format!("Pay {card}"),
            Action::ChooseLoss(card) => format!("Lose {card}"),
            Action::DiscardCard(card) => format!("Discard {card}"),
            Action::Timeout => "Timeout".into(),
            Action::Resign => "Resign".into(),
        }
    }

    /// An event in a sentence, players called by `names`.
    pub(crate) fn sentence(&self, event: &Event, names: &[String]) -> String {
        self.board_sentence(event, names)
            .or_else(|| self.contest_sentence(event, names))
            .or_else(|| self.card_sentence(event, names))
            .or_else(|| self.event_sentence(event, names))
            .unwrap_or_default()
    }

    /// Sentences about setup, the slot, dice, powers and movement.
    fn board_sentence(&self, event: &Event, names: &[String]) -> Option<String> {
        let n = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        Some(match event {
            Event::HomePlaced { seat, corner, dir } => format!("{} makes {corner} home, facing {dir}.", n(seat)),
            Event::PlotpointPlaced { seat, plot, square } => {
                format!("{} places plotpoint {plot} on {square}.", n(seat))
            }
            Event::PlotpointMoved { seat, plot, from, to } => format!("{} moves {plot} from {from} to {to}.", n(seat)),
            Event::CompensationSkipped { seat } => format!("{} leaves the plotpoints where they are.", n(seat)),
            Event::Dealt { hand } => format!("Everyone is dealt {hand} cards and an event card."),
            Event::SlotBegan { seat, round } => format!("Round {round}: {}'s turn.", n(seat)),
            Event::SlotLost { seat, left } => format!("{} loses this turn ({left} more to lose).", n(seat)),
            Event::ReEntered { seat, square, dir } => format!("{} re-enters on {square}, facing {dir}.", n(seat)),
            Event::ReEntryBlocked { seat } => format!("{} cannot re-enter: home and its neighbours are full.", n(seat)),
            Event::Rolled { seat, d6, face } => format!("{} rolls {d6} and {face}.", n(seat)),
            Event::Rerolled { seat, die, d6, face } => match die {
                Die::Table => format!("{} spends an Ace: the d6 now shows {d6}.", n(seat)),
                Die::Treehouse => format!("{} spends an Ace: the Treehouse die now shows {face}.", n(seat)),
            },
            Event::KeptRolls { seat } => format!("{} keeps the rolls.", n(seat)),
            Event::WildChosen { seat, face } => format!("{} makes the Wild a {face}.", n(seat)),
            Event::WildRerolled { seat, d6 } => format!("{} re-rolls the d6 with the Wild: {d6}.", n(seat)),
            Event::Tipped { seat, target, dir } => format!("{} tips {}'s piece to face {dir}.", n(seat), n(target)),
            Event::Swapped { seat, a, b } => format!("{} swaps the pyramids on {a} and {b}.", n(seat)),
            Event::Dug { seat, pile: Pile::Draw, .. } => format!("{} digs the top card of the draw pile.", n(seat)),
            Event::Dug { seat, card, .. } => {
                format!("{} digs {} from the discard pile.", n(seat), card.map_or("-".into(), |c| c.to_string()))
            }
            Event::DugCard { card, .. } => format!("You dug {card}."),
            Event::DugTo { seat, place: Place::Resources, card } => {
                format!("{} lays the dug card {} face up.", n(seat), card.map_or("-".into(), |c| c.to_string()))
            }
            Event::DugTo { seat, card: Some(card), .. } => format!("{} takes {card} into the hand.", n(seat)),
            Event::DugTo { seat, .. } => format!("{} takes the dug card into the hand.", n(seat)),
            Event::PowerPassed { seat } => format!("{} passes the power.", n(seat)),
            Event::Stepped { seat, to } => format!("{} steps to {to}.", n(seat)),
            Event::Reoriented { seat, dir } => format!("{} turns to face {dir}.", n(seat)),
            Event::Aimed { seat, dir } => format!("{} aims {dir}.", n(seat)),
            Event::Hopped { seat, to } => format!("{} hops to {to}.", n(seat)),
            Event::MoveEnded { seat } => format!("{} ends the movement.", n(seat)),
            _ => return None,
        })
    }

    /// Sentences about attempts, contests and attacks.
    fn contest_sentence(&self, event: &Event, names: &[String]) -> Option<String> {
        let n = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        Some(match event {
            Event::Attempted { seat, plot, mine, house, scored } => {
                let show = |c: &Option<Card>| c.map_or("no card".into(), |c| c.to_string());
                let result = if *scored { "a hit" } else { "no score" };
                format!("{} tries {plot}: {} against the house's {}: {result}.", n(seat), show(mine), show(house))
            }
            Event::ActionSkipped { seat } => format!("{} neither attempts nor attacks.", n(seat)),
            Event::ContestBegan { why, sides } => {
                let why = match why {
                    ContestWhy::Attack => "attacks".to_string(),
                    ContestWhy::Event(rank) => format!("starts a {} against", event_title(*rank)),
                };
                let [(x, dx, cx), (y, dy, cy)] = sides;
                format!(
                    "{} {why} {}: {} draws {dx} (may exchange {cx}), {} draws {dy} (may exchange {cy}).",
                    n(x),
                    n(y),
                    n(x),
                    n(y)
                )
            }
            Event::ContestHand { cards: c, .. } => format!("Your contest hand: {}.", cards(c)),
            Event::ContestChose { card, .. } => format!("You set {card} aside for the exchange."),
            Event::ContestSubmitted { seat } => format!("{} has made the exchange.", n(seat)),
            Event::Showdown { hands, winner } => {
                let shown: Vec<String> = hands
                    .iter()
                    .map(|h| {
                        format!(
                            "{} exchanged {} and shows {} ({})",
                            n(&h.seat),
                            h.exchanged.len(),
                            cards(&h.cards),
                            h.value
                        )
                    })
                    .collect();
                let result = winner.map_or("a tie".to_string(), |w| format!("{} wins", n(&w)));
                format!("Showdown: {}; {result}.", shown.join("; "))
            }
            Event::AttackTied => "The attack is a tie: nothing happens.".into(),
            Event::AttackLost { loser, size, vp, lost_turns } => match size {
                Some(size) => format!(
                    "{}'s piece shrinks to {}; {vp} VP left; {lost_turns} turn(s) to lose.",
                    n(loser),
                    size.word()
                ),
                None => format!("{}'s piece is removed; {vp} VP left; {lost_turns} turn(s) to lose.", n(loser)),
            },
            Event::JudgePaid { seat } => format!("The Hanging Judge pays {}.", n(seat)),
            Event::JudgeFizzled { seat } => format!("{}'s Hanging Judge fizzles.", n(seat)),
            _ => return None,
        })
    }

    /// Sentences about hand cards, resources, draws and points.
    fn card_sentence(&self, event: &Event, names: &[String]) -> Option<String> {
        let n = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        Some(match event {
            Event::HandCardPlayed { seat, play } => {
                format!("{} plays {} paying {}.", n(seat), play.card, play.costs)
            }
            Event::Teleported { seat, to } => format!("{} rides to {to}.", n(seat)),
            Event::Grew { seat, size } => format!("{}'s piece grows to {}.", n(seat), size.word()),
            Event::Destroyed { victim, card, locked } => {
                let from = if *locked { "Locked cards" } else { "resources" };
                format!("{card} is destroyed from {}'s {from}.", n(victim))
            }
            Event::RefillChose { card, .. } => format!("You will discard {card}."),
            Event::Refilled { seat, discarded } => format!("{} discards {} and refills.", n(seat), cards(discarded)),
            Event::EventSwapped { seat, card } => format!("{} discards the event card {card}.", n(seat)),
            Event::HandCardSkipped { seat } => format!("{} plays no hand card.", n(seat)),
            Event::ResourceLaid { seat, card } => format!("{} lays {card} as a resource.", n(seat)),
            Event::ResourceSkipped { seat } => format!("{} lays no resource.", n(seat)),
            Event::EventSkipped { seat } => format!("{} keeps the event card.", n(seat)),
            Event::Drew { seat, count } => {
                format!("{} draws {count} card{}.", n(seat), if *count == 1 { "" } else { "s" })
            }
            Event::DrewCards { cards: c, .. } => format!("You drew {}.", cards(c)),
            Event::EventCardDrawn { seat } => format!("{} draws a new event card.", n(seat)),
            Event::EventCardIs { card, .. } => format!("Your event card is {card}."),
            Event::DrawFailed { seat } => format!("No cards are left for {} to draw.", n(seat)),
            Event::Reshuffled { cards } => {
                format!("The discard pile ({cards} cards) is shuffled into a new draw pile.")
            }
            Event::HandLimitDiscard { seat, card } => format!("{} discards {card} down to ten cards.", n(seat)),
            Event::GainedVp { seat, amount, vp } => format!("{} gains {amount} VP ({vp} now).", n(seat)),
            _ => return None,
        })
    }

    /// Sentences about event cards, the Mayor and the end.
    fn event_sentence(&self, event: &Event, names: &[String]) -> Option<String> {
        let n = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        Some(match event {
            Event::EventRevealed { seat, card, params } => self.revealed(&n(seat), *card, params, names),
            Event::CattleBaron { seat, discarded } => {
                format!("{} becomes a Cattle Baron, discarding {}.", n(seat), cards(discarded))
            }
            Event::PonyExpress { seat, cargo, recipient } => {
                format!("{} carries {cargo} to {}.", n(seat), n(recipient))
            }
            Event::TycoonLocked { seat } => format!("{} locks three resources face down as a Casino Tycoon.", n(seat)),
            Event::TycoonResolved { seat, casino, bank, other } => {
                let s = |b: &bool| if *b { "survived" } else { "lost" };
                format!("{}'s Tycoon: Casino {}, Bank {}, third card {}.", n(seat), s(casino), s(bank), s(other))
            }
            Event::JudgeSeated { seat } => format!("{} sits as Hanging Judge.", n(seat)),
            Event::DuelDraw { seat, card: Some(card) } => format!("{} draws {card}.", n(seat)),
            Event::DuelDraw { seat, card: None } => format!("{} cannot draw.", n(seat)),
            Event::DuelResult { winner } => winner.map_or("Nobody wins.".into(), |w| format!("{} wins.", n(&w))),
            Event::Loss { seat, card, from_hand } => {
                let from = if *from_hand { "hand" } else { "resources" };
                format!("{} loses {card} from the {from}.", n(seat))
            }
            Event::BidSubmitted { seat, automatic: true } => format!("{} has no resources and bids 0.", n(seat)),
            Event::BidSubmitted { seat, .. } => format!("{} has bid.", n(seat)),
            Event::BidIs { bid, .. } => format!("You bid {bid}."),
            Event::BidsRevealed { bids, winner } => {
                let list: Vec<String> = bids.iter().map(|(s, b)| format!("{} {b}", n(s))).collect();
                format!("Bids: {}. {} is elected.", list.join(", "), n(winner))
            }
            Event::Paid { seat, card } => format!("{} pays {card}.", n(seat)),
            Event::MayorElected { seat, counter } => {
                format!("{} is Mayor; {counter} turns without others scoring wins the game.", n(seat))
            }
            Event::MayorVacated { seat } => format!("{} is no longer Mayor.", n(seat)),
            Event::Resigned { seat } => format!("{} resigns.", n(seat)),
            Event::GameOver { winner, reason } => {
                let why = match reason {
                    WinReason::Points => "with seven victory points",
                    WinReason::StraightFlush => "with a straight flush among the resources",
                    WinReason::Forced => "by forcing every other gunslinger off the board or home",
                    WinReason::Mayor => "as Mayor for three rounds",
                    WinReason::Cap => "on points at the round cap",
                    WinReason::LastStanding => "as the last player left",
                    WinReason::AllResigned => "",
                };
                winner.map_or("The game is over: everyone resigned.".into(), |w| format!("{} wins {why}!", n(&w)))
            }
            _ => return None,
        })
    }

    fn revealed(&self, who: &str, card: Card, params: &EventParams, names: &[String]) -> String {
        let n = |seat: &Seat| names.get(seat.index()).cloned().unwrap_or_else(|| seat.to_string());
        let title = event_title(card.rank);
        let detail = match params {
            EventParams::Shootout { opponent, mine, theirs } => format!(" against {} ({mine} v {theirs})", n(opponent)),
            EventParams::Brawl { opponent, .. } | EventParams::Robbery { opponent, .. } => {
                format!(" against {}", n(opponent))
            }
            EventParams::Jailbreak { opponent, jail } => format!(" at {}'s {jail}", n(opponent)),
            EventParams::PunchACow { opponent, cattle } => format!(" at {}'s {cattle}", n(opponent)),
            EventParams::HolyVision { suit, rank } => format!(", calling {} and {}", suit.word(), rank.word()),
            _ => String::new(),
        };
        format!("{who} reveals {card}: {title}{detail}.")
    }
}
