//! Open requests to take a move back (`undo_requests`, migration 0014): one per table, open
//! while the table's version is the one it was asked at.

use sqlx::{Any, Row, Transaction};

use super::{Store, StoreError};
use crate::table::vocab::TableId;

/// A request to take a move back, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoRequest {
    /// The seat whose move it takes back.
    pub seat: u8,
    /// The table's version when it was asked; a move since cancels it.
    pub version: i64,
    /// How many actions in effect it takes back (the move and the computer moves after it).
    pub undoes: u16,
    /// Seats whose consent is needed (bit i = seat i).
    pub asked: u16,
    /// Seats that agreed.
    pub allowed: u16,
}

impl Store {
    /// The request open at `table`, if any (it may be out of date: compare its version).
    ///
    /// # Errors
    /// On database failure.
    pub async fn undo_request(&self, table: TableId) -> Result<Option<UndoRequest>, StoreError> {
        self.writable()?;
        let row = sqlx::query("SELECT seat, version, undoes, asked, allowed FROM undo_requests WHERE table_id = $1")
            .bind(table.0)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let small = |i: usize| -> Result<u16, StoreError> {
            u16::try_from(row.try_get::<i64, _>(i)?).map_err(|_| StoreError::Corrupt("undo request".into()))
        };
        Ok(Some(UndoRequest {
            seat: u8::try_from(small(0)?).map_err(|_| StoreError::Corrupt("undo request seat".into()))?,
            version: row.try_get(1)?,
            undoes: small(2)?,
            asked: small(3)?,
            allowed: small(4)?,
        }))
    }

    /// Records `seat`'s consent to the request asked at `version`; false when that request is
    /// no longer the open one.
    ///
    /// # Errors
    /// On database failure.
    pub async fn allow_undo(&self, table: TableId, version: i64, allowed: u16) -> Result<bool, StoreError> {
        self.writable()?;
        let done = sqlx::query("UPDATE undo_requests SET allowed = $1 WHERE table_id = $2 AND version = $3")
            .bind(i64::from(allowed))
            .bind(table.0)
            .bind(version)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Closes the request open at `table` (refused, granted or out of date).
    ///
    /// # Errors
    /// On database failure.
    pub async fn close_undo(&self, table: TableId) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("DELETE FROM undo_requests WHERE table_id = $1").bind(table.0).execute(&self.pool).await?;
        Ok(())
    }
}

/// Opens `request` at `table` in the transaction of the change that asks it (with its outbox
/// entry), replacing any earlier one.
pub(super) async fn write_request(
    tx: &mut Transaction<'_, Any>,
    table: TableId,
    request: &UndoRequest,
    at: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO undo_requests (table_id, seat, version, undoes, asked, allowed, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (table_id) DO UPDATE SET seat = excluded.seat, version = excluded.version,
         undoes = excluded.undoes, asked = excluded.asked, allowed = excluded.allowed,
         created_at = excluded.created_at",
    )
    .bind(table.0)
    .bind(i64::from(request.seat))
    .bind(request.version)
    .bind(i64::from(request.undoes))
    .bind(i64::from(request.asked))
    .bind(i64::from(request.allowed))
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
