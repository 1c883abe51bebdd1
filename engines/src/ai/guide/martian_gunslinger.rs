//! MartianGunslinger's advice to the search: the defaults for now.

use super::Guide;
use crate::martian_gunslinger::MartianGunslinger;

impl Guide for MartianGunslinger {}
