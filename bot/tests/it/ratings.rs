//! Ratings, stats, the leaderboard and the history on the fake Discord (issue #28). Ten games
//! among four people end through the table layer's real end-of-game commit (each ends when
//! three players resign, so it takes milliseconds), at tables placed on the fake server; one
//! game with a computer player is played and resigned on Discord itself. The expected ratings
//! are computed here with `skillratings` directly, from the standings each game reports.

use std::collections::HashMap;

use bot::discord::rows::Rows;
use bot::table::{Participant, TableId, Tables, UserId};
use engines::GameKind;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::discord::{Harness, button, choice_index};
use crate::support::fake_discord::*;
use crate::support::lobby;

const PEOPLE: [FakeUser; 4] = [ALICE, BOB, CAROL, DAVE];

fn who(user: FakeUser) -> Participant {
    Participant { user: UserId(user.id), name: user.name.to_string() }
}

/// A four-person Martian 12s table on the fake server, ended by the resignations of everyone
/// but `winner`; returns the table and each seat's (player, place).
async fn resigned_game(tables: &Tables, rows: &Rows, seed: u64, winner: usize) -> (TableId, Vec<(UserId, u8)>) {
    let request = lobby::request(GameKind::Martian12s, (UserId(PEOPLE[winner].id), PEOPLE[winner].name), 4, seed);
    let lobby = tables.open(request).await.expect("open");
    rows.set_home(lobby.id, Some(GUILD_ID), CHANNEL_ID).await.expect("placed on the server");
    let others: Vec<FakeUser> = (1..4).map(|i| PEOPLE[(winner + i) % 4]).collect();
    for other in &others {
        tables.join(lobby.id, who(*other)).await.expect("join");
    }
    tables.start(lobby.id, UserId(PEOPLE[winner].id)).await.expect("start");
    let mut last = None;
    for other in &others {
        last = Some(tables.resign(lobby.id, UserId(other.id)).await.expect("resign"));
    }
    let report = last.expect("three resignations");
    let outcome = report.outcome().expect("the game ended with the last resignation");
    let seats = tables.snapshot(lobby.id).await.expect("snapshot").seats;
    let places = seats
        .iter()
        .map(|s| {
            let place =
                outcome.standings.iter().find(|st| st.seat.index() == usize::from(s.seat)).expect("placed").place;
            (s.user.expect("a person"), place)
        })
        .collect();
    (lobby.id, places)
}

/// Every rating row, exactly as stored.
async fn stored_ratings(tables: &Tables) -> Vec<(i64, String, i64, f64, f64, i64)> {
    sqlx::query_as("SELECT server_id, game, user_id, mu, sigma, games FROM ratings ORDER BY server_id, game, user_id")
        .fetch_all(tables.front_end_pool())
        .await
        .expect("ratings")
}

async fn private_text(harness: &Harness, handle: &InteractionHandle) -> String {
    let reply = harness.fake.wait_reply(handle).await;
    assert!(reply.ephemeral(), "a private answer: {}", harness.fake.summary());
    reply.content().unwrap_or_default().to_string()
}

/// Issue #28, done-when 1 and 2: ten games among four people give the ratings the crate
/// computes, in `/stats` and on `/leaderboard`; a game with a computer counts in the stats but
/// moves nobody's rating; `/history` pages with buttons; the rebuild gives the same ratings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_games_among_four_people_rate_rank_and_rebuild_alike() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let rows = Rows::open(&tables);
    let mut expected: HashMap<UserId, WengLinRating> = HashMap::new();
    let mut wins: HashMap<UserId, usize> = HashMap::new();
    for game in 0..10u64 {
        let winner = [0, 1, 0, 2, 0, 3, 1, 0, 2, 0][game as usize];
        let (_, places) = resigned_game(&tables, &rows, 100 + game, winner).await;
        // The crate's own calculation, players in seat order, from the game's standings.
        let before: Vec<[WengLinRating; 1]> =
            places.iter().map(|(u, _)| [expected.get(u).copied().unwrap_or_default()]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            before.iter().zip(&places).map(|(r, (_, p))| (&r[..], MultiTeamOutcome::new(usize::from(*p)))).collect();
        for (after, (user, place)) in weng_lin_multi_team(&ranked, &WengLinConfig::new()).iter().zip(&places) {
            expected.insert(*user, after[0]);
            *wins.entry(*user).or_default() += usize::from(*place == 1);
        }
    }
    let stored = stored_ratings(&tables).await;
    assert_eq!(stored.len(), 4, "{stored:?}");
    for (server, game, user, mu, sigma, games) in &stored {
        let want = expected[&UserId::from_db(*user)];
        assert_eq!((*server as u64, game.as_str(), *games), (GUILD_ID, "martian-12s", 10));
        assert!((mu - want.rating).abs() < 1e-9 && (sigma - want.uncertainty).abs() < 1e-9, "{mu} {sigma} vs {want:?}");
    }
    let shown = |u: FakeUser| {
        let r = expected[&UserId(u.id)];
        r.rating - 3.0 * r.uncertainty
    };

    // The leaderboard: everyone has ten rated games, best first, the crate's numbers.
    let index = choice_index(&harness.fake, GameKind::Martian12s);
    let board = harness.fake.slash_command(CAROL, CHANNEL_ID, "leaderboard", vec![Opt::choice("game", index)]).await;
    let reply = harness.fake.wait_reply(&board).await;
    assert!(!reply.ephemeral(), "the leaderboard is for everyone");
    let text = reply.content().unwrap_or_default().to_string();
    let mut order = PEOPLE.to_vec();
    order.sort_by(|a, b| shown(*b).total_cmp(&shown(*a)));
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with(char::is_numeric)).collect();
    assert_eq!(lines.len(), 4, "{text}");
    for (rank, (line, player)) in lines.iter().zip(&order).enumerate() {
        let want = format!("{}. {}: {:.1} (10 rated games)", rank + 1, player.name, shown(*player));
        assert_eq!(*line, want, "{text}");
    }

    // A game with a computer player, on Discord: counted in Alice's stats, no rating moves.
    harness.play(ALICE, GameKind::Martian12s, 2).await;
    assert!(harness.add_computer(ALICE, "random").await.is_success());
    harness.lobby_click(ALICE, "Start").await;
    let thread = harness.fake.wait_for("the thread", harness.fake.timeout(), |f| f.threads().into_iter().last()).await;
    let resign = harness.fake.slash_command(ALICE, thread.id, "resign", vec![]).await;
    harness.fake.wait_replies(&resign, 2).await;
    // The resignation's answer comes after the commit that ended the game and recorded it.
    let stats = harness.fake.slash_command(ALICE, CHANNEL_ID, "stats", vec![]).await;
    let text = private_text(&harness, &stats).await;
    let alice_wins = wins[&UserId(ALICE.id)];
    assert!(text.contains("Games played: 11"), "{text}");
    assert!(text.contains(&format!("Won: {alice_wins} (")), "{text}");
    assert!(text.contains("Favourite game: Martian 12s"), "{text}");
    assert!(text.contains(&format!("Rating at Martian 12s: {:.1},", shown(ALICE))), "{text}");
    assert!(text.contains("did not win the last game"), "she resigned against the computer: {text}");
    assert_eq!(stored_ratings(&tables).await, stored, "the computer game moved no rating");

    // History: eleven games, five to a page; Next shows the following five; past the end is a sentence.
    let history = harness.fake.slash_command(BOB, CHANNEL_ID, "history", vec![]).await;
    let reply = harness.fake.wait_reply(&history).await;
    let first = harness.fake.message(reply.message_id.expect("the page")).expect("stored");
    assert!(
        first.content.contains("page 1 of 3") && first.content.contains(&format!("/channels/{GUILD_ID}/{}", thread.id))
    );
    assert_eq!(first.content.lines().filter(|l| l.starts_with("• Table #")).count(), 5, "{}", first.content);
    let next = button(&first, "Next page").expect("a Next button");
    let reply = harness.fake.wait_reply(&harness.fake.click(BOB, &first, &next).await).await;
    assert!(reply.is_success());
    let second = reply.content().unwrap_or_default().to_string();
    assert!(second.contains("page 2 of 3") && !second.contains("Alice 2nd"), "{second}");
    assert_eq!(second.lines().filter(|l| l.starts_with("• Table #")).count(), 5, "{second}");
    let last = harness.fake.slash_command(BOB, CHANNEL_ID, "history", vec![Opt::int("page", 3)]).await;
    let last = private_text(&harness, &last).await;
    // The oldest game: Alice won, the three who resigned share second place.
    assert!(last.contains("alice 1st (") && last.contains("bob 2nd (") && last.contains("dave 2nd ("), "{last}");
    let past = harness.fake.slash_command(BOB, CHANNEL_ID, "history", vec![Opt::int("page", 4)]).await;
    assert_eq!(private_text(&harness, &past).await, "There is no page 4: the list has pages 1 to 3.");

    // The rebuild from the finished tables gives exactly the same ratings.
    let rebuilt = tables.rebuild_ratings().await.expect("rebuild");
    assert_eq!((rebuilt.games, rebuilt.rated, rebuilt.skipped.len()), (11, 10, 0));
    assert_eq!(stored_ratings(&tables).await, stored, "rebuild equals the incremental updates");
    harness.finish().await;
}

/// Issue #28, items 1 and 7: a player who opts out in `/settings` leaves the leaderboard and
/// others cannot see their stats (they still can); an unknown player, a game nobody played
/// and a page past the end each get a sentence, and none of them changes anything.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opting_out_hides_a_player_and_bad_requests_get_sentences() {
    let harness = Harness::start().await;
    let tables = harness.tables().await;
    let rows = Rows::open(&tables);
    for game in 0..10u64 {
        resigned_game(&tables, &rows, 200 + game, (game % 4) as usize).await;
    }
    let index = choice_index(&harness.fake, GameKind::Martian12s);
    let leaderboard = |page: Option<i64>| {
        let mut options = vec![Opt::choice("game", index)];
        options.extend(page.map(|p| Opt::int("page", p)));
        harness.fake.slash_command(CAROL, CHANNEL_ID, "leaderboard", options)
    };
    let text = harness.fake.wait_reply(&leaderboard(None).await).await.content().unwrap_or_default().to_string();
    assert!(text.contains(": bob ") || text.contains(". bob:"), "{text}");

    // Bob opts out with the new switch of /settings.
    let open = harness.fake.slash_command(BOB, CHANNEL_ID, "settings", vec![]).await;
    let reply = harness.fake.wait_reply(&open).await;
    let panel = harness.fake.message(reply.message_id.expect("the panel")).expect("stored");
    let switch = button(&panel, "Listed in stats").expect("the switch");
    let reply = harness.fake.wait_reply(&harness.fake.click(BOB, &panel, &switch).await).await;
    let panel = harness.fake.message(reply.message_id.expect("the panel again")).expect("stored");
    assert!(panel.buttons().iter().any(|(_, l, _)| l == "Listed in stats: off"), "{:?}", panel.buttons());
    assert!(!tables.user_settings(UserId(BOB.id)).await.expect("settings").listed);

    let text = harness.fake.wait_reply(&leaderboard(None).await).await.content().unwrap_or_default().to_string();
    assert!(!text.contains("bob"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with(char::is_numeric)).count(), 3, "{text}");
    let about_bob = harness.fake.slash_command(ALICE, CHANNEL_ID, "stats", vec![Opt::user("player", BOB)]).await;
    let text = private_text(&harness, &about_bob).await;
    assert!(text.contains("keeps their stats and history private"), "{text}");
    let own = harness.fake.slash_command(BOB, CHANNEL_ID, "stats", vec![]).await;
    assert!(private_text(&harness, &own).await.contains("Games played: 10"));

    // Bad requests: a sentence each, nothing changed.
    let before = stored_ratings(&tables).await;
    let nobody = harness.fake.slash_command(ALICE, CHANNEL_ID, "stats", vec![Opt::user("player", OWNER)]).await;
    assert_eq!(private_text(&harness, &nobody).await, "Sheriff has no finished game on this server yet.");
    let raja = choice_index(&harness.fake, GameKind::Raja);
    let unplayed = harness.fake.slash_command(ALICE, CHANNEL_ID, "stats", vec![Opt::choice("game", raja)]).await;
    assert!(private_text(&harness, &unplayed).await.contains("no finished game of Raja on this server yet"));
    let empty = harness.fake.slash_command(ALICE, CHANNEL_ID, "leaderboard", vec![Opt::choice("game", raja)]).await;
    assert!(private_text(&harness, &empty).await.contains("Nobody is on the Raja leaderboard"));
    // A game that is not one of the choices (an app showing an older command list sends it).
    let unknown = harness.fake.slash_command_stale(ALICE, CHANNEL_ID, "stats", vec![Opt::choice("game", 99)]).await;
    let text = private_text(&harness, &unknown).await;
    assert!(text.contains("could not read one of this command's options") && !text.contains("99"), "{text}");
    let past = leaderboard(Some(2)).await;
    assert_eq!(private_text(&harness, &past).await, "There is no page 2: the list has one page.");
    // A page button for a page that is gone, and one naming no game.
    let shown = leaderboard(None).await;
    let message =
        harness.fake.message(harness.fake.wait_reply(&shown).await.message_id.expect("posted")).expect("stored");
    let gone = harness.fake.click_forged(DAVE, &message, "b:martian-12s:5").await;
    assert_eq!(private_text(&harness, &gone).await, "There is no page 5: the list has one page.");
    let chess = harness.fake.click_forged(DAVE, &message, "b:chess:1").await;
    assert!(private_text(&harness, &chess).await.contains("asks for something Saloon does not do"));
    assert_eq!(stored_ratings(&tables).await, before, "nothing changed");
    harness.finish().await;
}

/// Issue #28 item 6: the start-up backfill (once) and the rebuild count the tables finished by
/// earlier releases (each fixture holds one finished Martian 12s match, played with a
/// computer, so it counts but rates no one).
#[tokio::test]
async fn the_rebuild_counts_games_finished_by_earlier_releases() {
    for fixture in ["release-4a266f6.sqlite", "release-8250ac0.sqlite", "release-d8cbd83.sqlite"] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let db = dir.path().join("saloon.db");
        std::fs::copy(format!("{}/tests/fixtures/{fixture}", env!("CARGO_MANIFEST_DIR")), &db).expect("copy");
        let tables = Tables::new(bot::store::Store::open(db.to_str().expect("utf-8")).await.expect("open"));
        tables.upgrade().await.expect("upgrade");
        // At start-up the ratings are backfilled once by themselves; the next start does nothing.
        let backfilled = tables.backfill_ratings().await.expect("backfill").expect("the old game counted");
        assert_eq!((backfilled.games, backfilled.skipped.len()), (1, 0), "{fixture}: {backfilled:?}");
        assert_eq!(tables.backfill_ratings().await.expect("backfill again"), None, "{fixture}: once");
        let rebuilt = tables.rebuild_ratings().await.expect("rebuild");
        assert_eq!(rebuilt, backfilled, "{fixture}: the operator's rebuild gives the same");
        let again = tables.rebuild_ratings().await.expect("rebuild again");
        assert_eq!(again, rebuilt, "{fixture}");
        let (played,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM results").fetch_one(tables.front_end_pool()).await.expect("count");
        assert!(played >= 2, "{fixture}: every seat has a result");
    }
}

/// The same recording, rebuild and reads on Postgres (a fresh database of the server
/// `SALOON_TEST_POSTGRES_URL` names; skipped without one, as in `tables_postgres`).
mod rated_postgres {
    use super::*;
    use bot::table::ServerId;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn games_are_rated_read_and_rebuilt_on_postgres() {
        let Some(url) = crate::support::db::fresh_postgres("ratings on Postgres").await else { return };
        let tables = Tables::new(crate::support::db::open(&url).await);
        let rows = Rows::open(&tables);
        for game in 0..3u64 {
            resigned_game(&tables, &rows, 300 + game, game as usize).await;
        }
        let stored = stored_ratings(&tables).await;
        assert_eq!(stored.len(), 4, "{stored:?}");
        let server = ServerId(GUILD_ID);
        let stats = tables.stats(server, UserId(ALICE.id), UserId(BOB.id), None).await.expect("stats");
        assert_eq!((stats.played, stats.won), (3, 1));
        let page = tables.history(server, Some(UserId(BOB.id)), UserId(ALICE.id), None, 1).await.expect("history");
        assert_eq!((page.total, page.pages), (3, 1));
        assert!(tables.leaderboard(server, GameKind::Martian12s, 1).await.is_err(), "nobody has ten games yet");
        let rebuilt = tables.rebuild_ratings().await.expect("rebuild");
        assert_eq!((rebuilt.games, rebuilt.rated), (3, 3));
        assert_eq!(stored_ratings(&tables).await, stored, "rebuild equals the incremental updates");
    }
}
