//! `Rules`: editions, the one-line text form, a keyword builder, and a read-only property for
//! every rule (named like the builder's keywords and the text form's keys).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict, PyString, PyTuple};
use stratego_core as core;

use crate::battle::PyBattle;
use crate::convert::{int_text, int_value, type_name};
use crate::edition::PyEdition;
use crate::moves::PyMove;
use crate::player::PyPlayer;
use crate::rank::{PyNumbering, PyRank};
use crate::square::{square_arg, PySquare};

/// A validated rule set: `Rules("isf(two_square=5)")`, `Rules.edition("isf")`, or
/// `Rules.builder("isf", two_square=5)`. Immutable; equal rules have equal text forms.
#[pyclass(name = "Rules", module = "stratego._stratego", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyRules(pub core::Rules);

/// A `rules` argument as every function takes it: `Rules`, their one-line text form
/// (`"barrage"`, `"isf(two_square=5)"`, read as `Rules(text)` reads it) or an `Edition`.
/// Text that does not parse raises `ParseError`; anything else `TypeError`.
pub struct RulesArg(pub core::Rules);

impl<'a, 'py> FromPyObject<'a, 'py> for RulesArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(r) = obj.cast::<PyRules>() {
            return Ok(RulesArg(r.get().0.clone()));
        }
        if let Ok(text) = obj.cast::<PyString>() {
            return text.to_cow()?.parse().map(RulesArg).map_err(|e| crate::errors::parse_error(obj.py(), &e));
        }
        if let Ok(e) = obj.extract::<PyEdition>() {
            return Ok(RulesArg(core::Rules::edition(e.core())));
        }
        Err(PyTypeError::new_err(format!(
            "rules must be Rules, their text form (such as 'barrage') or an Edition, not {}",
            type_name(&obj.to_owned())
        )))
    }
}

fn reach_name(r: core::Reach) -> &'static str {
    r.name()
}

fn reach_from(name: &str) -> PyResult<core::Reach> {
    core::Reach::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .ok_or_else(|| PyValueError::new_err(format!("reach must be 'none', 'step' or 'slide', got {name:?}")))
}

/// A placement constraint in the text form's spelling: `flag_corner`, `diagonal:Marshal`,
/// `around:Bomb`.
fn constraint_text(c: core::Constraint) -> String {
    match c {
        core::Constraint::FlagInBackCorner => "flag_corner".into(),
        core::Constraint::DiagonalToFlag(r) => format!("diagonal:{r}"),
        core::Constraint::AroundFlag(r) => format!("around:{r}"),
    }
}

fn constraint_from(py: Python<'_>, text: &str) -> PyResult<core::Constraint> {
    let rank = |r: &str| r.parse::<core::Rank>().map_err(|e| crate::errors::parse_error(py, &e));
    match text.split_once(':') {
        None if text == "flag_corner" => Ok(core::Constraint::FlagInBackCorner),
        Some(("diagonal", r)) => Ok(core::Constraint::DiagonalToFlag(rank(r)?)),
        Some(("around", r)) => Ok(core::Constraint::AroundFlag(rank(r)?)),
        _ => Err(PyValueError::new_err(format!(
            "constraint must be 'flag_corner', 'diagonal:Rank' or 'around:Rank', got {text:?}"
        ))),
    }
}

/// A rank given as a `Rank` or its name.
pub(crate) fn rank_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<core::Rank> {
    if let Ok(r) = obj.extract::<PyRank>() {
        return Ok(r.core());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse().map_err(|e| crate::errors::parse_error(py, &e));
    }
    Err(PyTypeError::new_err(format!("expected a Rank or a rank name, not {}", type_name(obj))))
}

/// A number for the rule `key` in `min..=max`, the range the rules text form allows for it;
/// outside it, the `RulesError` the engine raises for such a value (`width must be 2..=16,
/// found 300`), whether or not the value would fit the engine's integer type.
fn setting(obj: &Bound<'_, PyAny>, key: &'static str, min: u64, max: u64) -> PyResult<u64> {
    match int_value(obj, key)? {
        Some(v) if (min..=max).contains(&v) => Ok(v),
        Some(value) => {
            Err(crate::errors::rules_error(obj.py(), &core::RulesError::OutOfRange { setting: key, value, min, max }))
        }
        None => Err(crate::errors::rules_error_text(
            obj.py(),
            format!("{key} must be {min}..={max}, found {}", int_text(obj)),
        )),
    }
}

/// `setup_rows` on a board `height` rows high: outside `1..=height / 2`, the engine's own
/// error for zones that do not fit, also for numbers no `u8` holds.
fn setup_rows(obj: &Bound<'_, PyAny>, height: u8) -> PyResult<u8> {
    match int_value(obj, "setup_rows")? {
        Some(v) if (1..=u64::from(height / 2)).contains(&v) => Ok(v as u8),
        Some(v) if v <= u64::from(u8::MAX) => {
            Err(crate::errors::rules_error(obj.py(), &core::RulesError::ZoneSize { rows: v as u8, height }))
        }
        _ => {
            let fitting = core::RulesError::ZoneSize { rows: 0, height }.to_string();
            let message = format!("{}{}", fitting.trim_end_matches('0'), int_text(obj));
            Err(crate::errors::rules_error_text(obj.py(), message))
        }
    }
}

/// An optional rule's number, as `setting`: `None` switches the rule off.
fn optional(obj: &Bound<'_, PyAny>, key: &'static str, min: u64, max: u64) -> PyResult<Option<u64>> {
    if obj.is_none() {
        Ok(None)
    } else {
        setting(obj, key, min, max).map(Some)
    }
}

fn flag(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    obj.extract::<bool>().map_err(|_| PyTypeError::new_err(format!("{what} must be a bool, not {}", type_name(obj))))
}

/// Every builder keyword, in the text form's order.
pub const RULE_KEYS: [&str; 22] = [
    "width",
    "height",
    "lakes",
    "army",
    "free_army",
    "free_placement",
    "setup_rows",
    "constraints",
    "movement",
    "slide_attacks",
    "combat",
    "attacker_wins_ties",
    "rescues",
    "rescue_ranks",
    "rescue_zone",
    "two_square",
    "chase",
    "no_return",
    "visibility",
    "max_plies",
    "max_quiet_plies",
    "numbering",
];

/// Apply one keyword of the builder to rules whose board is `height` rows high.
fn apply(
    py: Python<'_>,
    mut b: core::RulesBuilder,
    key: &str,
    value: &Bound<'_, PyAny>,
    height: u8,
) -> PyResult<core::RulesBuilder> {
    Ok(match key {
        "lakes" => {
            let mut lakes = Vec::new();
            for item in value.try_iter()? {
                lakes.push(square_arg(py, &item?)?);
            }
            b.lakes(lakes)
        }
        "army" => {
            let dict =
                value.cast::<PyDict>().map_err(|_| PyTypeError::new_err("army must be a dict of Rank to count"))?;
            let mut counts = [0u8; core::Rank::COUNT];
            for (k, v) in dict.iter() {
                counts[rank_arg(py, &k)?.index()] = setting(&v, "army count", 0, u8::MAX as u64)? as u8;
            }
            b.army(counts)
        }
        "free_army" => b.free_army(flag(value, key)?),
        "free_placement" => b.free_placement(flag(value, key)?),
        "setup_rows" => b.setup_rows(setup_rows(value, height)?),
        "constraints" => {
            b = b.no_constraints();
            for item in value.try_iter()? {
                let item = item?;
                let text = item
                    .cast::<PyString>()
                    .map_err(|_| PyTypeError::new_err("constraints must be strings such as 'flag_corner'"))?
                    .to_cow()?
                    .into_owned();
                b = b.constraint(constraint_from(py, &text)?);
            }
            b
        }
        "movement" => {
            let dict = value
                .cast::<PyDict>()
                .map_err(|_| PyTypeError::new_err("movement must be a dict of Rank to (orthogonal, diagonal)"))?;
            for (k, v) in dict.iter() {
                let (o, d): (String, String) = v
                    .extract()
                    .map_err(|_| PyTypeError::new_err("a movement is a pair of reaches, e.g. ('step', 'none')"))?;
                let m = core::Movement { orthogonal: reach_from(&o)?, diagonal: reach_from(&d)? };
                b = b.movement(rank_arg(py, &k)?, m);
            }
            b
        }
        "slide_attacks" => b.slide_attacks(flag(value, key)?),
        "combat" => {
            let dict = value
                .cast::<PyDict>()
                .map_err(|_| PyTypeError::new_err("combat must be a dict of (attacker, defender) to Battle"))?;
            for (k, v) in dict.iter() {
                let pair =
                    k.cast::<PyTuple>().map_err(|_| PyTypeError::new_err("combat keys are (attacker, defender)"))?;
                if pair.len() != 2 {
                    return Err(PyTypeError::new_err("combat keys are (attacker, defender)"));
                }
                let result: PyBattle = v.extract().map_err(|_| PyTypeError::new_err("combat values are Battle"))?;
                b = b.battle(rank_arg(py, &pair.get_item(0)?)?, rank_arg(py, &pair.get_item(1)?)?, result.core());
            }
            b
        }
        "attacker_wins_ties" => b.attacker_wins_ties(flag(value, key)?),
        // The text form's range: the engine holds at most four rescues per player.
        "rescues" => b.rescues(setting(value, "rescues", 0, 4)? as u8),
        "rescue_ranks" => {
            for r in core::Rank::ALL {
                b = b.rescue_trigger(r, false);
            }
            for item in value.try_iter()? {
                b = b.rescue_trigger(rank_arg(py, &item?)?, true);
            }
            b
        }
        "rescue_zone" => {
            let zone: String =
                value.extract().map_err(|_| PyTypeError::new_err("rescue_zone must be 'setup' or 'half'"))?;
            b.rescue_zone(match zone.as_str() {
                "setup" => core::RescueZone::Setup,
                "half" => core::RescueZone::Half,
                _ => return Err(PyValueError::new_err(format!("rescue_zone must be 'setup' or 'half', not {zone:?}"))),
            })
        }
        "two_square" => b.two_square(optional(value, "two_square", 1, u8::MAX as u64)?.map(|v| v as u8)),
        "chase" => b.chase(flag(value, key)?),
        "no_return" => b.no_return(flag(value, key)?),
        "visibility" => b.visibility(optional(value, "visibility", 0, u8::MAX as u64)?.map(|v| v as u8)),
        "max_plies" => b.max_plies(optional(value, "max_plies", 1, u32::MAX as u64)?.map(|v| v as u32)),
        "max_quiet_plies" => {
            b.max_quiet_plies(optional(value, "max_quiet_plies", 1, u32::MAX as u64)?.map(|v| v as u32))
        }
        "numbering" => {
            let n: PyNumbering = value.extract().map_err(|_| PyTypeError::new_err("numbering must be a Numbering"))?;
            b.numbering(n.core())
        }
        other => {
            return Err(PyTypeError::new_err(format!(
                "unknown rule {other:?}; the rules are: {}",
                RULE_KEYS.join(", ")
            )))
        }
    })
}

/// The property that reads the rule set by `key`: the key itself, except that, as in Rust,
/// the keys `two_square` and `chase` name the switch (`RulesBuilder::two_square`) and the
/// properties the value (`Rules::two_square_limit`, `chase_rule`).
fn getter_of(key: &str) -> &str {
    match key {
        "two_square" => "two_square_limit",
        "chase" => "chase_rule",
        other => other,
    }
}

/// An edition given as an `Edition` or its name.
fn edition_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<core::Edition> {
    if let Ok(e) = obj.extract::<PyEdition>() {
        return Ok(e.core());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse().map_err(|e| crate::errors::parse_error(py, &e));
    }
    Err(PyTypeError::new_err(format!("expected an Edition or an edition name such as 'isf', not {}", type_name(obj))))
}

impl PyRules {
    fn replaced(&self, py: Python<'_>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyRules> {
        let mut b = self.0.to_builder();
        let Some(kwargs) = kwargs else { return Ok(self.clone()) };
        // The board size first, so that lakes and rows are judged against the new board.
        let side = core::MAX_SIDE as u64;
        let (width, height) = (kwargs.get_item("width")?, kwargs.get_item("height")?);
        let resized = width.is_some() || height.is_some();
        let w = width.map_or(Ok(self.0.width() as u64), |v| setting(&v, "width", 2, side))? as u8;
        let h = height.map_or(Ok(self.0.height() as u64), |v| setting(&v, "height", 2, side))? as u8;
        if resized {
            b = b.board(w, h);
        }
        for (k, v) in kwargs.iter() {
            let key = k.cast::<PyString>()?.to_cow()?.into_owned();
            if key != "width" && key != "height" {
                b = apply(py, b, &key, &v, h)?;
            }
        }
        b.build().map(PyRules).map_err(|e| crate::errors::rules_error(py, &e))
    }
}

crate::getters::pymethods_with_getters! { PyRules, self, {
    /// The edition these rules start from (their text form starts with its name; it is the
    /// `base` of `Rules.builder`).
    base_edition: PyEdition = self.0.base_edition().into();
    /// Number of columns.
    width: u8 = self.0.width();
    /// Number of rows.
    height: u8 = self.0.height();
    /// Number of squares (`width * height`).
    num_squares: usize = self.0.num_squares();
    /// The lakes, in board order.
    lakes: Vec<PySquare> = self.0.lakes().map(PySquare).collect();
    /// Total pieces per army.
    army_size: usize = self.0.army_size();
    /// Whether players choose their army, up to the counts of `army`.
    free_army: bool = self.0.free_army();
    /// Whether pieces may be placed on any square off the lakes.
    free_placement: bool = self.0.free_placement();
    /// Rows of each player's setup zone.
    setup_rows: u8 = self.0.setup_rows();
    /// Placement constraints beyond counts and zone (`'flag_corner'`, `'diagonal:Marshal'`, ...).
    constraints: Vec<String> = self.0.constraints().iter().map(|&c| constraint_text(c)).collect();
    /// Whether a move of more than one square may end in an attack.
    slide_attacks: bool = self.0.slide_attacks();
    /// Whether every tie is won by the attacker (Ultimate Lightning), whatever `combat` says.
    attacker_wins_ties: bool = self.0.attacker_wins_ties();
    /// Rescues per player per game (0: no rescue rule).
    rescues: u8 = self.0.rescues();
    /// The ranks whose arrival on the enemy back row triggers a rescue.
    rescue_ranks: Vec<PyRank> = core::Rank::ALL.into_iter().filter(|&r| self.0.rescue_trigger(r)).map(PyRank::from).collect();
    /// The two-squares limit, or `None` when there is none.
    two_square_limit: Option<u8> = self.0.two_square_limit();
    /// Whether the more-squares (chase) rule is on.
    chase_rule: bool = self.0.chase_rule();
    /// Whether a piece may never re-enter its start square.
    no_return: bool = self.0.no_return();
    /// Sight radius, or `None` when ranks are seen only after battles.
    visibility: Option<u8> = self.0.visibility();
    /// Cap on total plies (a draw when reached), or `None`.
    max_plies: Option<u32> = self.0.max_plies();
    /// Cap on consecutive plies without a battle (a draw when reached), or `None`.
    max_quiet_plies: Option<u32> = self.0.max_quiet_plies();
    /// How ranks are numbered for display.
    numbering: PyNumbering = self.0.numbering().into();
    /// Number of action ids: `num_squares ** 2` (10 000 on the standard board), plus
    /// `12 * num_squares + 1` rescue decisions under rules with rescues.
    num_actions: usize = self.0.num_actions();
    /// The most legal moves a position under these rules can have: the width of the padded
    /// legal ids (`VecEnv(..., mask="ids")`, `stratego.envs.vector_env`), 244 under ISF.
    max_legal_actions: usize = self.0.max_legal_actions();
}, {
    /// Rules from their one-line text form: `Rules("isf")`, `Rules("classic(max_plies=2000)")`.
    #[new]
    #[pyo3(signature = (text = "isf"))]
    fn py_new(py: Python<'_>, text: &str) -> PyResult<Self> {
        text.parse().map(PyRules).map_err(|e| crate::errors::parse_error(py, &e))
    }
    /// The preset of an edition (an `Edition` or its name).
    #[staticmethod]
    fn edition(py: Python<'_>, edition: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRules(core::Rules::edition(edition_arg(py, edition)?)))
    }
    /// Rules built from an edition's preset (`base`, an `Edition` or its name) with the rules
    /// given as keywords changed; `None` switches an optional rule off. Keywords: `width`,
    /// `height`, `lakes` (squares), `army` ({Rank: count}), `free_army`, `free_placement`,
    /// `setup_rows`, `constraints` (`'flag_corner'`, `'diagonal:Rank'`, `'around:Rank'`),
    /// `movement` ({Rank: (orthogonal, diagonal)} with `'none'`/`'step'`/`'slide'`),
    /// `slide_attacks`, `combat` ({(attacker, defender): Battle}), `attacker_wins_ties`,
    /// `rescues` (per player, 0 = none), `rescue_ranks` (the Ranks that trigger a rescue),
    /// `rescue_zone` (`'setup'`/`'half'`), `two_square`, `chase`, `no_return`, `visibility`,
    /// `max_plies`, `max_quiet_plies`, `numbering`. Movement reaches: `'none'`, `'step'`,
    /// `'slide'`, `'two'` (the Ultimate Lightning Captain).
    /// Raises `RulesError` when they do not fit together or a number is outside its range
    /// (`width must be 2..=16, found 300`), `TypeError` for a value of the wrong type.
    #[staticmethod]
    #[pyo3(signature = (base = None, **rules))]
    fn builder(py: Python<'_>, base: Option<&Bound<'_, PyAny>>, rules: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let edition = match base {
            Some(b) => edition_arg(py, b)?,
            None => core::Edition::Isf,
        };
        PyRules(core::Rules::edition(edition)).replaced(py, rules)
    }
    /// These rules with the rules given as keywords changed (the keywords of `Rules.builder`).
    #[pyo3(signature = (**rules))]
    fn replace(&self, py: Python<'_>, rules: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        self.replaced(py, rules)
    }
    /// Every keyword of `Rules.builder` and `replace`, each also a property.
    #[staticmethod]
    fn rule_names() -> Vec<&'static str> {
        RULE_KEYS.to_vec()
    }
    /// Every rule as a dict of builder keywords: `Rules.builder(r.base, **r.to_dict())`
    /// rebuilds `r`.
    fn to_dict<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(slf.py());
        for key in RULE_KEYS {
            d.set_item(key, slf.getattr(getter_of(key))?)?;
        }
        Ok(d)
    }

    /// Pieces per rank in each army (the most allowed, with a free army); ranks with none left out.
    #[getter]
    fn army<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let counts = core::Rank::ALL.iter().filter(|&&r| self.0.army_count(r) > 0);
        counts.map(|&r| (PyRank::from(r), self.0.army_count(r))).collect::<Vec<_>>().into_py_dict(py)
    }
    /// How each rank moves: {Rank: (orthogonal, diagonal)}, each `'none'`, `'step'` or `'slide'`.
    #[getter]
    fn movement<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let m = |r: core::Rank| (reach_name(self.0.movement(r).orthogonal), reach_name(self.0.movement(r).diagonal));
        core::Rank::ALL.iter().map(|&r| (PyRank::from(r), m(r))).collect::<Vec<_>>().into_py_dict(py)
    }
    /// The whole battle table: {(attacker, defender): Battle} for every pair of ranks, as the
    /// `combat` keyword sets it (`attacker_wins_ties` then overrides the ties; `battle()` gives
    /// what play does).
    #[getter]
    fn combat<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let mut out = Vec::with_capacity(core::Rank::COUNT * core::Rank::COUNT);
        for a in core::Rank::ALL {
            for d in core::Rank::ALL {
                out.push(((PyRank::from(a), PyRank::from(d)), PyBattle::from(self.0.battle_table(a, d))));
            }
        }
        out.into_py_dict(py)
    }
    /// Where a rescued piece may stand: `'setup'` (the setup zone) or `'half'` (the own half).
    #[getter]
    fn rescue_zone(&self) -> &'static str {
        match self.0.rescue_zone() {
            core::RescueZone::Setup => "setup",
            core::RescueZone::Half => "half",
        }
    }

    /// The result of `attacker` striking `defender`.
    fn battle(&self, attacker: PyRank, defender: PyRank) -> PyBattle {
        self.0.battle(attacker.core(), defender.core()).into()
    }
    /// `rank`'s label in these rules' numbering: `"10"` (or `"1"` in Classic) for the Marshal.
    fn label(&self, rank: PyRank) -> &'static str {
        self.0.numbering().label(rank.core())
    }
    /// Whether `square` is on the board.
    fn contains(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.contains(square_arg(py, square)?))
    }
    /// Whether `square` is a lake.
    fn is_lake(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_lake(square_arg(py, square)?))
    }
    /// Whether `square` is in `player`'s setup zone.
    fn in_zone(&self, py: Python<'_>, player: PyPlayer, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.in_zone(player.core(), square_arg(py, square)?))
    }
    /// Every square, in index order (a1, b1, ...).
    fn squares(&self) -> Vec<PySquare> {
        self.0.squares().map(PySquare).collect()
    }

    /// The observation's shape `(C, H, W)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [c, h, w] = self.0.observation_shape();
        (c, h, w)
    }
    /// The action id of `move` (a `Move` or text in these rules' numbering) played by `player`
    /// (`from * S + to` in the player's frame). Raises `ValueError` when a square is off the
    /// board. `Game.action_id` and `PlayerView.action_id` are this with their player.
    fn action_id(&self, py: Python<'_>, player: PyPlayer, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        crate::moves::action_id_of(py, &self.0, player.core(), r#move)
    }
    /// The move of action id `action` for `player` (legal or not). Raises `ValueError` when
    /// `action` is outside `0..num_actions`.
    fn action_move(&self, player: PyPlayer, action: crate::convert::ActionId) -> PyResult<PyMove> {
        crate::moves::action_move_of(&self.0, player.core(), &action).map(PyMove)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Rules('{}')", self.0)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<'_, PyRules>>().is_ok_and(|o| o.0 == self.0)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.to_string().hash(&mut h);
        h.finish()
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (String,)) {
        (py.get_type::<Self>().into_any().unbind(), (self.0.to_string(),))
    }
} }
