//! `SetupProblem`: one problem of a setup, typed as the core's (`kind`, `square`, `rank`, and
//! the expected and found counts or players), whose `str` is the engine's sentence.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use stratego_core::{self as core, SetupProblemKind as Kind};

use crate::convert::type_name;
use crate::enums::PyEnum;
use crate::player::PyPlayer;
use crate::rank::PyRank;
use crate::square::{square_arg, PySquare};

/// One problem of a setup (`SetupError.problems`, `Setup.problems`).
#[pyclass(name = "SetupProblem", module = "stratego._stratego", eq, frozen, from_py_object)]
#[derive(Clone, PartialEq, Eq)]
pub struct PySetupProblem(pub core::SetupProblem);

/// A count or a player, as `expected` and `found` hold them.
#[derive(IntoPyObject)]
enum Amount {
    Count(u8),
    Player(PyPlayer),
}

crate::getters::pymethods_with_getters! { PySetupProblem, self, {
    /// What is wrong.
    kind: PyEnum<Kind> = self.0.kind().into();
    /// The square concerned, or `None`.
    square: Option<PySquare> = self.0.square().map(PySquare);
    /// The rank concerned, or `None`.
    rank: Option<PyRank> = self.0.rank().map(Into::into);
}, {
    /// A problem with the fields its kind needs: `square` for OFF_BOARD, OUTSIDE_ZONE, ON_LAKE,
    /// OCCUPIED, MISPLACED (and FLAG_NOT_IN_CORNER, optional); `rank` for OUTSIDE_ZONE,
    /// ON_LAKE, WRONG_COUNT, TOO_MANY, MISPLACED; `expected` and `found` for WRONG_PLAYER
    /// (players), WRONG_COUNT and TOO_MANY (counts; `expected` is the limit).
    #[new]
    #[pyo3(signature = (kind, square = None, rank = None, expected = None, found = None))]
    fn py_new(
        py: Python<'_>,
        kind: PyEnum<Kind>,
        square: Option<&Bound<'_, PyAny>>,
        rank: Option<PyRank>,
        expected: Option<&Bound<'_, PyAny>>,
        found: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        use core::SetupProblem as P;
        let square = square.map(|s| square_arg(py, s)).transpose()?;
        let missing =
            |what: &str| PyValueError::new_err(format!("SetupProblemKind.{} needs {what}", kind.0.screaming()));
        let sq = || square.ok_or_else(|| missing("a square"));
        let r = || rank.map(PyEnum::core).ok_or_else(|| missing("a rank"));
        let count = |v: Option<&Bound<'_, PyAny>>| -> PyResult<u8> {
            let v = v.ok_or_else(|| missing("expected and found"))?;
            let n: i128 = v
                .extract()
                .map_err(|_| PyTypeError::new_err(format!("expected and found must be ints, not {}", type_name(v))))?;
            u8::try_from(n).map_err(|_| PyValueError::new_err(format!("a count must be in 0..=255, got {n}")))
        };
        let player = |v: Option<&Bound<'_, PyAny>>| -> PyResult<core::Player> {
            Ok(v.ok_or_else(|| missing("expected and found"))?.extract::<PyPlayer>()?.core())
        };
        let problem = match kind.0 {
            Kind::WrongPlayer => P::WrongPlayer { expected: player(expected)?, found: player(found)? },
            Kind::OffBoard => P::OffBoard(sq()?),
            Kind::OutsideZone => P::OutsideZone(sq()?, r()?),
            Kind::OnLake => P::OnLake(sq()?, r()?),
            Kind::Occupied => P::Occupied(sq()?),
            Kind::WrongCount => P::WrongCount { rank: r()?, expected: count(expected)?, found: count(found)? },
            Kind::TooMany => P::TooMany { rank: r()?, limit: count(expected)?, found: count(found)? },
            Kind::FlagNotInCorner => P::FlagNotInCorner(square),
            Kind::Misplaced => P::Misplaced { rank: r()?, square: sq()? },
        };
        Ok(PySetupProblem(problem))
    }
    /// What the rules want: the player (WRONG_PLAYER), the count (WRONG_COUNT) or the limit
    /// (TOO_MANY); else `None`.
    #[getter]
    fn expected(&self) -> Option<Amount> {
        match self.0 {
            core::SetupProblem::WrongPlayer { expected, .. } => Some(Amount::Player(expected.into())),
            core::SetupProblem::WrongCount { expected, .. } => Some(Amount::Count(expected)),
            core::SetupProblem::TooMany { limit, .. } => Some(Amount::Count(limit)),
            _ => None,
        }
    }
    /// What the setup has, for the kinds with `expected`; else `None`.
    #[getter]
    fn found(&self) -> Option<Amount> {
        match self.0 {
            core::SetupProblem::WrongPlayer { found, .. } => Some(Amount::Player(found.into())),
            core::SetupProblem::WrongCount { found, .. } | core::SetupProblem::TooMany { found, .. } => {
                Some(Amount::Count(found))
            }
            _ => None,
        }
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = vec![format!("SetupProblemKind.{}", self.0.kind().screaming())];
        if let Some(s) = self.square() {
            parts.push(format!("square=Square('{}')", s.0));
        }
        if let Some(r) = self.0.rank() {
            parts.push(format!("rank=Rank.{}", r.screaming()));
        }
        for (name, v) in [("expected", self.expected()), ("found", self.found())] {
            if let Some(v) = v {
                parts.push(format!("{name}={}", v.into_pyobject(py)?.repr()?));
            }
        }
        Ok(format!("SetupProblem({})", parts.join(", ")))
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!("{:?}", self.0).hash(&mut h);
        h.finish()
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__(
        &self,
        py: Python<'_>,
    ) -> (Py<PyAny>, (PyEnum<Kind>, Option<PySquare>, Option<PyRank>, Option<Amount>, Option<Amount>)) {
        (
            py.get_type::<Self>().into_any().unbind(),
            (self.kind(), self.square(), self.rank(), self.expected(), self.found()),
        )
    }
} }

/// `screaming_name` for the core sets, shorter to call here.
trait Screaming {
    fn screaming(self) -> String;
}
impl<E: core::ClosedEnum> Screaming for E {
    fn screaming(self) -> String {
        self.screaming_name()
    }
}
