//! ConquestOfMars's advice to the search: the defaults for now.

use super::Guide;
use crate::conquest_of_mars::ConquestOfMars;

impl Guide for ConquestOfMars {}
