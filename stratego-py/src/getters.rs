//! Read-only properties written as rows: `pymethods_with_getters!` turns each
//! `name: Type = value;` into a `#[getter]`, inside the class's one `#[pymethods]` block.

/// `#[pymethods] impl $t { <a getter per row> $own }`: a row `name: Type = value;` (its doc
/// comment above it) becomes `#[getter] fn name(&$s) -> Type { value }`, `value` reading `$s`
/// (pass `self`). One block per class, as PyO3 wants, holding both.
macro_rules! pymethods_with_getters {
    // A class whose text form (its `Display`) is also what its constructor reads: `str`, an
    // eval-able `repr` (`$py('a4-a5')`) and pickling by that text come with it.
    ($t:ty, $s:ident, text $py:literal, { $($rows:tt)* }, { $($own:tt)* }) => {
        crate::getters::pymethods_with_getters! { $t, $s, { $($rows)* }, {
            $($own)*
            /// The text form, which the constructor reads back.
            fn __str__(&$s) -> String {
                $s.0.to_string()
            }
            fn __repr__(&$s) -> String {
                format!("{}('{}')", $py, $s.0)
            }
            fn __reduce__(&$s, py: Python<'_>) -> (Py<PyAny>, (String,)) {
                (py.get_type::<Self>().into_any().unbind(), ($s.0.to_string(),))
            }
        } }
    };
    ($t:ty, $s:ident, { $( $(#[$attr:meta])* $name:ident: $ret:ty = $value:expr; )* }, { $($own:tt)* }) => {
        #[pymethods]
        impl $t {
            $(
                $(#[$attr])*
                #[getter]
                fn $name(&$s) -> $ret {
                    $value
                }
            )*
            $($own)*
        }
    };
}

pub(crate) use pymethods_with_getters;

/// A frozen, comparable, hashable Python value class wrapping a core value (`$t($inner)`,
/// named `$name` in Python), with its getter rows and its own methods as in
/// [`pymethods_with_getters`].
macro_rules! value_class {
    ($(#[$doc:meta])* $name:literal, $t:ident($inner:ty), $s:ident, { $($rows:tt)* }, { $($own:tt)* }) => {
        $(#[$doc])*
        #[pyclass(name = $name, module = "stratego._stratego", eq, hash, frozen, from_py_object)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $t(pub $inner);

        crate::getters::pymethods_with_getters! { $t, $s, { $($rows)* }, { $($own)* } }
    };
}

pub(crate) use value_class;
