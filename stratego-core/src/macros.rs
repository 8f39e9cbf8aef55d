//! Macros that declare, from a table written once, the items several types share: the closed
//! sets' `ALL`, index and name items, `Display` by name, serde as text, and builder setters.

/// The inherent items a closed set shares, written from its member list once: `ALL` (every
/// member, in value order), and where asked for, `COUNT`, `index`, `from_index` (both by place
/// in `ALL`) and a `name` table (one name a member, in the list's order). Each item keeps the
/// doc comment given before it.
///
/// ```text
/// closed_enum! {
///     impl Player [Red, Blue] {
///         /// Both players, in turn order.
///         ALL;
///         /// Lowercase name: `"red"` or `"blue"`.
///         pub name = ["red", "blue"];
///     }
/// }
/// ```
macro_rules! closed_enum {
    (impl $ty:ident [$($m:ident),* $(,)?] { $($items:tt)* }) => {
        impl $ty {
            $crate::macros::closed_enum!(@item $ty [$($m),*] $($items)*);
        }
    };
    (@item $ty:ident [$($m:ident),*]) => {};
    (@item $ty:ident [$($m:ident),*] $(#[$doc:meta])* ALL; $($rest:tt)*) => {
        $(#[$doc])*
        pub const ALL: [$ty; [$(stringify!($m)),*].len()] = [$($ty::$m),*];
        $crate::macros::closed_enum!(@item $ty [$($m),*] $($rest)*);
    };
    (@item $ty:ident [$($m:ident),*] $(#[$doc:meta])* COUNT; $($rest:tt)*) => {
        $(#[$doc])*
        pub const COUNT: usize = $ty::ALL.len();
        $crate::macros::closed_enum!(@item $ty [$($m),*] $($rest)*);
    };
    (@item $ty:ident [$($m:ident),*] $(#[$doc:meta])* index; $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub const fn index(self) -> usize {
            self as usize
        }
        $crate::macros::closed_enum!(@item $ty [$($m),*] $($rest)*);
    };
    (@item $ty:ident [$($m:ident),*] $(#[$doc:meta])* from_index; $($rest:tt)*) => {
        $(#[$doc])*
        #[inline]
        pub const fn from_index(index: usize) -> Option<$ty> {
            if index < $ty::ALL.len() {
                Some($ty::ALL[index])
            } else {
                None
            }
        }
        $crate::macros::closed_enum!(@item $ty [$($m),*] $($rest)*);
    };
    (@item $ty:ident [$($m:ident),*] $(#[$doc:meta])* $vis:vis name = [$($name:literal),* $(,)?]; $($rest:tt)*) => {
        $(#[$doc])*
        $vis const fn name(self) -> &'static str {
            match self {
                $($ty::$m => $name,)*
            }
        }
        $crate::macros::closed_enum!(@item $ty [$($m),*] $($rest)*);
    };
}
pub(crate) use closed_enum;

/// `Display` as the type's `name()`.
macro_rules! display_name {
    ($($ty:ty),*) => {
        $(impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        })*
    };
}
pub(crate) use display_name;

/// `serde::Serialize` (with the `serde` feature) as the type's `Display` text.
macro_rules! serialize_as_text {
    ($($ty:ty),*) => {
        $(#[cfg(feature = "serde")]
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        })*
    };
}
pub(crate) use serialize_as_text;

/// `name(arg: T) => field;` declares `pub fn name(mut self, arg: T) -> Self` that stores `arg`
/// in `self.field` (a path such as `data.chase` reaches into a field) and returns `self`, with
/// the doc comment given before it.
macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident($arg:ident: $ty:ty) => $($field:ident).+;)*) => {
        $($(#[$doc])*
        pub fn $name(mut self, $arg: $ty) -> Self {
            self.$($field).+ = $arg;
            self
        })*
    };
}
pub(crate) use setters;
