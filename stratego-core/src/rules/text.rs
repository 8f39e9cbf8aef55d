//! The one-line text form of [`Rules`]: the base edition's name, then every rule that differs
//! from its preset, e.g. `isf(two_square=5)` or `classic(max_plies=2000,visibility=1)`.
//!
//! | key | value | meaning |
//! |---|---|---|
//! | `width`, `height` | number 2..=16 (at most 128 squares) | board size; a size other than the edition's has no lakes unless `lakes` names them |
//! | `lakes` | `none` or squares joined by `.` (`c5.d5`) | the lakes |
//! | `army` | `Rank:count` joined by `.` (`Flag:1.Scout:8`), counts 0..=64 | the army (ranks left out: 0); exactly one Flag |
//! | `free_army` | `on`/`off` | players choose their army up to those counts |
//! | `free_placement` | `on`/`off` | pieces may be placed on any square off the lakes |
//! | `setup_rows` | number 1..=height/2 | rows of each setup zone |
//! | `constraints` | `none` or `flag_corner`, `diagonal:Rank`, `around:Rank` joined by `.` | placement constraints |
//! | `movement` | `Rank:orthogonal/diagonal` joined by `.`, each `none`/`step`/`slide`/`two` | changed movement (`two`: [`Reach::TwoSteps`](crate::Reach::TwoSteps)) |
//! | `slide_attacks` | `on`/`off` | a long move may end in an attack |
//! | `combat` | `Attacker>Defender:a/d/t` joined by `.` | changed battle results (attacker wins, defender wins, tie) |
//! | `ties` | `attacker`/`table` | every tie won by the attacker, or as `combat` says |
//! | `rescues` | number 0..=4 (0 = off) | rescues per player per game |
//! | `rescue_ranks` | `none` or ranks joined by `.` (`Miner.Captain`) | ranks whose arrival on the enemy back row triggers a rescue |
//! | `rescue_zone` | `setup`/`half` | where a rescued piece may stand |
//! | `two_square` | `off` or number 1..=255 | two-squares limit |
//! | `chase` | `on`/`off` | more-squares (chase) rule |
//! | `no_return` | `on`/`off` | no return to the start square |
//! | `visibility` | `off` or number 0..=255 | sight radius |
//! | `max_plies`, `max_quiet_plies` | `off` or number 1..=4294967295 | draw caps |
//! | `numbering` | `classic`/`modern` | display numbering |
//!
//! A number out of its range, or settings that do not fit together, give a [`ParseError`]
//! whose `source` is the builder's [`RulesError`] and whose position is the setting's:
//!
//! ```
//! use stratego_core::{Rules, RulesError};
//! let err = "isf(chase=off,width=300)".parse::<Rules>().unwrap_err();
//! assert_eq!(err.position, 14);
//! assert_eq!(err.source, Some(RulesError::OutOfRange { setting: "width", value: 300, min: 2, max: 16 }));
//! assert_eq!(err.reason, "width must be 2..=16, found 300");
//! ```

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::rules::square::{MAX_SIDE, MAX_SQUARES};
use crate::rules::{battle_from_letter, battle_letter, default_lakes, preset_data, RulesData};
use crate::{Constraint, Edition, Movement, Numbering, ParseError, Rank, Reach, RescueZone, Rules, RulesError, Square};

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn opt<T: fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "off".to_owned(), |v| v.to_string())
}

fn constraint_text(c: Constraint) -> String {
    match c {
        Constraint::FlagInBackCorner => "flag_corner".into(),
        Constraint::DiagonalToFlag(r) => format!("diagonal:{r}"),
        Constraint::AroundFlag(r) => format!("around:{r}"),
    }
}

/// `key=value` for every rule of `d` that differs from `base`.
fn differences(d: &RulesData, base: &RulesData) -> Vec<String> {
    let mut out = Vec::new();
    let mut put = |k: &str, v: String| out.push(format!("{k}={v}"));
    // `key=text` when the rule `field` differs from the base's.
    macro_rules! changed {
        ($field:ident, $key:literal, $text:expr) => {
            if d.$field != base.$field {
                put($key, $text);
            }
        };
    }
    changed!(width, "width", d.width.to_string());
    changed!(height, "height", d.height.to_string());
    if d.lakes != base.lakes {
        let v = if d.lakes.is_empty() {
            "none".into()
        } else {
            d.lakes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(".")
        };
        put("lakes", v);
    }
    if d.army != base.army {
        let v = Rank::ALL
            .iter()
            .filter(|r| d.army[r.index()] > 0)
            .map(|r| format!("{r}:{}", d.army[r.index()]))
            .collect::<Vec<_>>()
            .join(".");
        put("army", v);
    }
    changed!(free_army, "free_army", on_off(d.free_army).into());
    changed!(free_placement, "free_placement", on_off(d.free_placement).into());
    changed!(setup_rows, "setup_rows", d.setup_rows.to_string());
    if d.constraints != base.constraints {
        let v = if d.constraints.is_empty() {
            "none".into()
        } else {
            d.constraints.iter().map(|&c| constraint_text(c)).collect::<Vec<_>>().join(".")
        };
        put("constraints", v);
    }
    if d.movement != base.movement {
        let v = Rank::ALL
            .iter()
            .filter(|r| d.movement[r.index()] != base.movement[r.index()])
            .map(|r| {
                let m = d.movement[r.index()];
                format!("{r}:{}/{}", m.orthogonal.name(), m.diagonal.name())
            })
            .collect::<Vec<_>>()
            .join(".");
        put("movement", v);
    }
    changed!(slide_attacks, "slide_attacks", on_off(d.slide_attacks).into());
    if d.combat != base.combat {
        let mut v = Vec::new();
        for a in Rank::ALL {
            for def in Rank::ALL {
                let b = d.combat[a.index()][def.index()];
                if b != base.combat[a.index()][def.index()] {
                    v.push(format!("{a}>{def}:{}", battle_letter(b)));
                }
            }
        }
        put("combat", v.join("."));
    }
    changed!(attacker_wins_ties, "ties", if d.attacker_wins_ties { "attacker" } else { "table" }.into());
    changed!(rescues, "rescues", d.rescues.to_string());
    if d.rescue_ranks != base.rescue_ranks {
        let v: Vec<&str> =
            Rank::ALL.iter().filter(|r| d.rescue_ranks & 1 << r.index() != 0).map(|r| r.name()).collect();
        put("rescue_ranks", if v.is_empty() { "none".into() } else { v.join(".") });
    }
    changed!(rescue_zone, "rescue_zone", d.rescue_zone.name().into());
    changed!(two_square, "two_square", opt(d.two_square));
    changed!(chase, "chase", on_off(d.chase).into());
    changed!(no_return, "no_return", on_off(d.no_return).into());
    changed!(visibility, "visibility", opt(d.visibility));
    changed!(max_plies, "max_plies", opt(d.max_plies));
    changed!(max_quiet_plies, "max_quiet_plies", opt(d.max_quiet_plies));
    changed!(numbering, "numbering", d.numbering.name().into());
    out
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.data();
        f.write_str(d.base.name())?;
        let diff = differences(d, &preset_data(d.base));
        if !diff.is_empty() {
            f.write_char('(')?;
            f.write_str(&diff.join(","))?;
            f.write_char(')')?;
        }
        Ok(())
    }
}

struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    fn err(&self, at: usize, reason: impl Into<String>) -> ParseError {
        ParseError::new("rules", self.text, at, reason)
    }

    /// A number for `setting` in `min..=max`: not a number is a syntax error, out of range a
    /// [`RulesError::OutOfRange`] (the builder's error, as its source).
    fn number(&self, at: usize, setting: &'static str, value: &str, min: u64, max: u64) -> Result<u64, ParseError> {
        let n: u64 = value
            .parse()
            .map_err(|_| self.err(at, format!("{setting}: expected a number {min}..={max}, found {value:?}")))?;
        if !(min..=max).contains(&n) {
            return Err(ParseError::rules(self.text, at, RulesError::OutOfRange { setting, value: n, min, max }));
        }
        Ok(n)
    }

    /// `off`/`none`, or a number as [`Reader::number`] reads it.
    fn optional(
        &self,
        at: usize,
        setting: &'static str,
        value: &str,
        min: u64,
        max: u64,
    ) -> Result<Option<u64>, ParseError> {
        if value == "off" || value == "none" {
            return Ok(None);
        }
        self.number(at, setting, value, min, max).map(Some).map_err(|e| {
            if e.source.is_none() {
                self.err(at, format!("{setting}: expected off or a number {min}..={max}, found {value:?}"))
            } else {
                e
            }
        })
    }
}

/// The settings a rule error may come from, most likely first, to point at one in the text.
fn settings_of(error: &RulesError) -> &'static [&'static str] {
    match error {
        RulesError::OutOfRange { setting, .. } => match *setting {
            "width" => &["width"],
            "height" => &["height"],
            "max_plies" => &["max_plies"],
            "max_quiet_plies" => &["max_quiet_plies"],
            "rescues" => &["rescues"],
            _ => &[],
        },
        RulesError::BoardSize { .. } => &["width", "height"],
        RulesError::LakeOffBoard(_) => &["lakes", "width", "height"],
        RulesError::ZoneSize { .. } => &["setup_rows", "height"],
        RulesError::ArmyTooLarge { .. } => &["army", "setup_rows", "lakes", "free_placement", "width", "height"],
        RulesError::EmptyArmy | RulesError::FlagCount { .. } => &["army"],
        RulesError::NoMobilePiece => &["army", "movement"],
        RulesError::ConstraintCount { .. } => &["constraints", "army"],
        RulesError::ConstraintNeedsRank { .. } | RulesError::ConstraintsOverlap(_) => &["constraints"],
        RulesError::ConstraintDoesNotFit(_) => {
            &["constraints", "lakes", "setup_rows", "free_placement", "width", "height"]
        }
        RulesError::TwoSquareLimitZero => &["two_square"],
    }
}

fn parse_switch(s: &str) -> Option<bool> {
    match s {
        "on" | "true" | "yes" => Some(true),
        "off" | "false" | "no" => Some(false),
        _ => None,
    }
}

fn parse_reach(s: &str) -> Option<Reach> {
    match s {
        "none" => Some(Reach::None),
        "step" => Some(Reach::Step),
        "slide" => Some(Reach::Slide),
        "two" => Some(Reach::TwoSteps),
        _ => None,
    }
}

impl FromStr for Rules {
    type Err = ParseError;

    /// Parses the form printed by `Display` (see the module table), with spaces allowed around
    /// keys and values. A text longer than [`MAX_RULES_TEXT`](crate::MAX_RULES_TEXT) bytes is
    /// refused before it is read.
    fn from_str(text: &str) -> Result<Rules, ParseError> {
        crate::limits::check_len("rules", text, crate::MAX_RULES_TEXT)?;
        let r = Reader { text };
        let s = text.trim();
        let (name, args, args_at) = match s.find('(') {
            Some(open) => {
                if !s.ends_with(')') {
                    return Err(r.err(s.len(), "missing `)`"));
                }
                (&s[..open], &s[open + 1..s.len() - 1], open + 1)
            }
            None => (s, "", s.len()),
        };
        let edition: Edition = name.trim().parse().map_err(|e: ParseError| r.err(0, e.reason))?;
        let mut d = preset_data(edition);
        // Where each setting was given, to point a rule error at it.
        let mut given: Vec<(&str, usize)> = Vec::new();
        let mut at = args_at;
        for item in args.split(',') {
            let item_at = at;
            at += item.len() + 1;
            if item.trim().is_empty() {
                if args.trim().is_empty() {
                    continue;
                }
                return Err(r.err(item_at, "empty setting"));
            }
            let Some((key, value)) = item.split_once('=') else {
                return Err(r.err(item_at, format!("expected key=value, found {:?}", item.trim())));
            };
            let (key, value) = (key.trim(), value.trim());
            // Settings point at their key, past any spaces before it.
            let item_at = item_at + (item.len() - item.trim_start().len());
            given.push((key, item_at));
            let bad = |what: &str| r.err(item_at, format!("{key}: {what}, found {value:?}"));
            let side = MAX_SIDE as u64;
            match key {
                "width" => d.width = r.number(item_at, "width", value, 2, side)? as u8,
                "height" => d.height = r.number(item_at, "height", value, 2, side)? as u8,
                "lakes" => {
                    d.lakes = if value == "none" {
                        Vec::new()
                    } else {
                        value
                            .split('.')
                            .map(Square::from_str)
                            .collect::<Result<_, _>>()
                            .map_err(|_| bad("expected squares joined by `.`"))?
                    };
                    d.lakes.sort();
                    d.lakes.dedup();
                }
                "army" => {
                    d.army = [0; Rank::COUNT];
                    for part in value.split('.').filter(|p| !p.is_empty()) {
                        let (rank, n) = part.split_once(':').ok_or_else(|| bad("expected Rank:count"))?;
                        let rank: Rank = rank.parse().map_err(|_| bad("unknown rank"))?;
                        let most = (MAX_SQUARES / 2) as u64;
                        d.army[rank.index()] = r.number(item_at, "army count", n, 0, most)? as u8;
                    }
                }
                "free_army" => d.free_army = parse_switch(value).ok_or_else(|| bad("expected on/off"))?,
                "free_placement" => d.free_placement = parse_switch(value).ok_or_else(|| bad("expected on/off"))?,
                "setup_rows" => d.setup_rows = r.number(item_at, "setup_rows", value, 1, side / 2)? as u8,
                "constraints" => {
                    d.constraints.clear();
                    if value != "none" {
                        for part in value.split('.') {
                            let c = match part.split_once(':') {
                                None if part == "flag_corner" => Constraint::FlagInBackCorner,
                                Some(("diagonal", rank)) => {
                                    Constraint::DiagonalToFlag(rank.parse().map_err(|_| bad("unknown rank"))?)
                                }
                                Some(("around", rank)) => {
                                    Constraint::AroundFlag(rank.parse().map_err(|_| bad("unknown rank"))?)
                                }
                                _ => return Err(bad("expected flag_corner, diagonal:Rank or around:Rank")),
                            };
                            d.constraints.push(c);
                        }
                    }
                }
                "movement" => {
                    for part in value.split('.').filter(|p| !p.is_empty()) {
                        let (rank, reach) =
                            part.split_once(':').ok_or_else(|| bad("expected Rank:orthogonal/diagonal"))?;
                        let rank: Rank = rank.parse().map_err(|_| bad("unknown rank"))?;
                        let (o, g) = reach.split_once('/').ok_or_else(|| bad("expected orthogonal/diagonal"))?;
                        let (o, g) = (parse_reach(o), parse_reach(g));
                        let (Some(orthogonal), Some(diagonal)) = (o, g) else {
                            return Err(bad("reach must be none, step, slide or two"));
                        };
                        d.movement[rank.index()] = Movement { orthogonal, diagonal };
                    }
                }
                "slide_attacks" => d.slide_attacks = parse_switch(value).ok_or_else(|| bad("expected on/off"))?,
                "combat" => {
                    for part in value.split('.').filter(|p| !p.is_empty()) {
                        let parsed = part.split_once('>').and_then(|(a, rest)| {
                            let (def, res) = rest.split_once(':')?;
                            Some((a.parse::<Rank>().ok()?, def.parse::<Rank>().ok()?, battle_from_letter(res)?))
                        });
                        let (a, def, b) = parsed.ok_or_else(|| bad("expected Attacker>Defender:a|d|t"))?;
                        d.combat[a.index()][def.index()] = b;
                    }
                }
                "ties" => {
                    d.attacker_wins_ties = match value {
                        "attacker" => true,
                        "table" => false,
                        _ => return Err(bad("expected attacker or table")),
                    }
                }
                "rescues" => d.rescues = r.number(item_at, "rescues", value, 0, 4)? as u8,
                "rescue_ranks" => {
                    d.rescue_ranks = 0;
                    if value != "none" {
                        for part in value.split('.') {
                            let rank: Rank = part.parse().map_err(|_| bad("unknown rank"))?;
                            d.rescue_ranks |= 1 << rank.index();
                        }
                    }
                }
                "rescue_zone" => {
                    d.rescue_zone = match value {
                        "setup" => RescueZone::Setup,
                        "half" => RescueZone::Half,
                        _ => return Err(bad("expected setup or half")),
                    }
                }
                "two_square" => {
                    // 0 reads, so that the builder's own error for it comes back.
                    d.two_square = match value {
                        "0" => Some(0),
                        _ => r.optional(item_at, "two_square", value, 1, u8::MAX.into())?.map(|n| n as u8),
                    }
                }
                "chase" => d.chase = parse_switch(value).ok_or_else(|| bad("expected on/off"))?,
                "no_return" => d.no_return = parse_switch(value).ok_or_else(|| bad("expected on/off"))?,
                "visibility" => {
                    d.visibility = r.optional(item_at, "visibility", value, 0, u8::MAX.into())?.map(|n| n as u8)
                }
                "max_plies" => {
                    d.max_plies = r.optional(item_at, "max_plies", value, 1, u32::MAX.into())?.map(|n| n as u32)
                }
                "max_quiet_plies" => {
                    d.max_quiet_plies =
                        r.optional(item_at, "max_quiet_plies", value, 1, u32::MAX.into())?.map(|n| n as u32)
                }
                "numbering" => {
                    d.numbering = match value {
                        "classic" => Numbering::Classic,
                        "modern" => Numbering::Modern,
                        _ => return Err(bad("expected classic or modern")),
                    }
                }
                _ => return Err(r.err(item_at, format!("unknown setting {key:?}"))),
            }
        }
        // As with the builder: a board of another size has no lakes unless they are named.
        if !given.iter().any(|&(k, _)| k == "lakes") {
            let base = preset_data(edition);
            if (d.width, d.height) != (base.width, base.height) {
                d.lakes = default_lakes(edition, d.width, d.height);
            }
        }
        Rules::from_data(d).map_err(|e| {
            let at = settings_of(&e)
                .iter()
                .find_map(|&setting| given.iter().rev().find(|&&(k, _)| k == setting))
                .map_or(0, |&(_, at)| at);
            ParseError::rules(text, at, e)
        })
    }
}
