//! GunslingerGang's advice to the search: the defaults for now.

use super::Guide;
use crate::gunslinger_gang::GunslingerGang;

impl Guide for GunslingerGang {}
