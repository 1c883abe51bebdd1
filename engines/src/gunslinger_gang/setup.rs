//! Setup (§3): the RNG calls happen in exactly the order the spec fixes.

use super::board::{self, Slot, Tile};
use super::cards::{Colour, Item, News, UnderlingSet};
use super::state::{BUILDINGS, GUNSLINGERS, GunslingerGang, Options, Phase, Player, STARTING_NEWS, Town, Used};
use crate::game::{Seat, SetupError};
use crate::rng::GameRng;

impl Player {
    /// A player at the start of the game: all six underlings in hand.
    pub(crate) fn new(colour: Colour, supply: u8, news: Vec<News>) -> Self {
        Self {
            colour,
            vp: 0,
            supply,
            hand: UnderlingSet::FULL,
            resolved: UnderlingSet::default(),
            news,
            items: Vec::new(),
            dynamite_spent: false,
            used: Used::default(),
            resigned: false,
        }
    }
}

impl GunslingerGang {
    /// §3 Setup.
    pub(crate) fn new(options: &Options, players: usize, mut rng: GameRng) -> Result<Self, SetupError> {
        validate(options, players)?;
        // Step 1 (R21): the table fixes the seats, so the seat shuffle becomes a draw of the first
        // start player; play still passes left (seat + 1).
        let start_seat = Seat(rng.below(players as u32) as u8);
        let (tiles, unused_tiles) = deal_tiles(players, &mut rng);
        let (items, item_leftover) = deal_items(options, players, &mut rng);
        let (hands, deck) = deal_news(players, &mut rng);
        let slots = board::layout(players);
        let mut towns: Vec<Town> = slots
            .iter()
            .zip(tiles)
            .zip(items)
            .map(|((slot, tile), item)| Town::new(tile, *slot != Slot::RandomDown, Some(item)))
            .collect();
        // Step 5: starting outlaws on every face-up town.
        let per_town = board::starting_outlaws(players);
        let mut on_board = 0;
        for town in towns.iter_mut().filter(|t| t.face_up) {
            town.outlaws[..players].fill(per_town);
            on_board += per_town;
        }
        let colours = options.colours_or_default(players);
        let players = colours.into_iter().zip(hands).map(|(c, news)| Player::new(c, GUNSLINGERS - on_board, news));
        // Steps 6–7.
        let mut game = Self {
            options: options.clone(),
            players: players.collect(),
            towns,
            deck,
            discard: Vec::new(),
            removed: Vec::new(),
            item_leftover,
            unused_tiles,
            buildings: BUILDINGS,
            round: 1,
            phase: Phase::Planning,
            start_seat,
            current: start_seat,
            plays_done: 0,
            resolving: None,
            last_scoring: None,
            result: None,
            rng,
        };
        game.start_round(&mut Vec::new());
        Ok(game)
    }
}

/// Step 2: fixed tiles, then the shuffled pool to the face-up random positions and then the
/// facedown ones, each in reading order. Returns the tiles by position and the unused ones.
fn deal_tiles(players: usize, rng: &mut GameRng) -> (Vec<Tile>, Vec<Tile>) {
    let slots = board::layout(players);
    let mut pool = Tile::POOL;
    rng.shuffle(&mut pool);
    let mut tiles: Vec<Tile> =
        slots.iter().map(|s| if let Slot::Fixed(tile) = s { *tile } else { Tile::Copper }).collect();
    let mut next = pool.into_iter();
    for wanted in [Slot::RandomUp, Slot::RandomDown] {
        for (tile, slot) in tiles.iter_mut().zip(slots) {
            if *slot == wanted {
                *tile = next.next().expect("the pool covers every random position");
            }
        }
    }
    (tiles, next.collect())
}

/// Step 3: the shuffled item set, one per position in reading order; the rest stay out.
fn deal_items(options: &Options, players: usize, rng: &mut GameRng) -> (Vec<Item>, Vec<Item>) {
    let mut items = options.items.items().to_vec();
    rng.shuffle(&mut items);
    let leftover = items.split_off(board::layout(players).len());
    (items, leftover)
}

/// Step 4: the shuffled News deck; 3 each, one at a time from seat 0.
fn deal_news(players: usize, rng: &mut GameRng) -> (Vec<Vec<News>>, Vec<News>) {
    let mut deck: Vec<News> = News::all().collect();
    rng.shuffle(&mut deck);
    let mut hands = vec![Vec::new(); players];
    for (i, card) in deck.drain(..STARTING_NEWS * players).enumerate() {
        hands[i % players].push(card);
    }
    (hands, deck)
}

/// Player count and options (§1, §2.5, §3 step 1).
fn validate(options: &Options, players: usize) -> Result<(), SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount { game: "Gunslinger Gang", min: 2, max: 4, got: players });
    }
    let colours = &options.colours;
    if !colours.is_empty() {
        let distinct = colours.iter().enumerate().all(|(i, c)| !colours[..i].contains(c));
        if colours.len() != players || !distinct {
            return Err(SetupError::BadOption {
                option: "colours".into(),
                reason: format!("give {players} different colours (Red, Blue, Green, Yellow), one per seat"),
            });
        }
    }
    Ok(())
}
