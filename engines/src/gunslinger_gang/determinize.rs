//! Determinization for computer players (§5): a state the observer cannot tell from the real
//! one. Redrawn at random, in the same places and numbers:
//! - face-down town tiles with the unused tiles, and their items with the leftover items;
//! - the News deck with the other players' News: in hand and attached face down, except the
//!   cards everyone saw them keep (R11), which stay with them (in hand or attached);
//! - which of another player's underlings lie face down in which stack and which are in hand
//!   (the six names and the Resolved row are public, the rest is not);
//! - the random source.

use super::cards::{Item, News, Underling};
use super::state::GunslingerGang;
use crate::game::Seat;
use crate::rng::GameRng;

pub(super) fn determinize(game: &GunslingerGang, observer: Seat, rng: &mut GameRng) -> GunslingerGang {
    let mut world = game.clone();
    world.rng = rng.fork();
    if world.result.is_some() {
        return world;
    }
    towns(&mut world, rng);
    news(&mut world, observer, rng);
    for seat in world.seats().filter(|s| *s != observer) {
        underlings(&mut world, seat, rng);
    }
    world
}

/// Face-down tiles and their items, pooled with what never came into play.
fn towns(world: &mut GunslingerGang, rng: &mut GameRng) {
    let mut tiles = std::mem::take(&mut world.unused_tiles);
    let mut items: Vec<Item> = std::mem::take(&mut world.item_leftover);
    for town in world.towns.iter().filter(|t| !t.face_up) {
        tiles.push(town.tile);
        items.extend(town.item);
    }
    let (tiles_left, items_left) = (tiles.len(), items.len());
    tiles.sort_unstable();
    items.sort_unstable();
    rng.shuffle(&mut tiles);
    rng.shuffle(&mut items);
    for town in world.towns.iter_mut().filter(|t| !t.face_up) {
        town.tile = tiles.pop().unwrap_or(town.tile);
        if let Some(item) = town.item.as_mut() {
            *item = items.pop().unwrap_or(*item);
        }
    }
    debug_assert!(tiles.len() <= tiles_left && items.len() <= items_left);
    world.unused_tiles = tiles;
    world.item_leftover = items;
}

/// The News deck and other players' News, dealt back keeping what is public.
fn news(world: &mut GunslingerGang, observer: Seat, rng: &mut GameRng) {
    let players = world.players.len();
    let mut pool: Vec<News> = std::mem::take(&mut world.deck);
    // Per other seat: the cards known to be with it, and how many it holds in all.
    let mut known: Vec<Vec<News>> = vec![Vec::new(); players];
    let mut held = vec![0usize; players];
    for seat in world.seats().filter(|s| *s != observer) {
        let attached = world.towns.iter().flat_map(|t| &t.stack).filter(|e| e.owner == seat).filter_map(|e| e.news);
        let mut cards: Vec<News> = world.player(seat).news.iter().copied().chain(attached).collect();
        held[seat.index()] = cards.len();
        let player = world.player_mut(seat);
        player.known_news.retain(|n| cards.contains(n));
        // Known once each (a table saved by an earlier release may list a card kept twice);
        // the order does not matter, the cards dealt back are sorted before they are shuffled.
        player.known_news.sort_unstable();
        player.known_news.dedup();
        cards.retain(|n| !player.known_news.contains(n));
        known[seat.index()] = player.known_news.clone();
        pool.extend(cards);
    }
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    for seat in world.seats().filter(|s| *s != observer) {
        let mut cards = known[seat.index()].clone();
        while cards.len() < held[seat.index()] {
            match pool.pop() {
                Some(card) => cards.push(card),
                None => break,
            }
        }
        cards.sort_unstable();
        rng.shuffle(&mut cards);
        for entry in world.towns.iter_mut().flat_map(|t| &mut t.stack).filter(|e| e.owner == seat) {
            if let Some(news) = entry.news.as_mut() {
                *news = cards.pop().unwrap_or(*news);
            }
        }
        cards.sort_unstable();
        world.player_mut(seat).news = cards;
    }
    world.deck = pool;
}

/// Which of `seat`'s unrevealed underlings are in hand and which face down in which stack.
fn underlings(world: &mut GunslingerGang, seat: Seat, rng: &mut GameRng) {
    let mut cards: Vec<Underling> = world.player(seat).hand.iter().collect();
    cards.extend(world.towns.iter().flat_map(|t| &t.stack).filter(|e| e.owner == seat).map(|e| e.card));
    cards.sort_unstable();
    rng.shuffle(&mut cards);
    for entry in world.towns.iter_mut().flat_map(|t| &mut t.stack).filter(|e| e.owner == seat) {
        entry.card = cards.pop().unwrap_or(entry.card);
    }
    let player = world.player_mut(seat);
    player.hand = Default::default();
    for card in cards {
        player.hand.insert(card);
    }
}
