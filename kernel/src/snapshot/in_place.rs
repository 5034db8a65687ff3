//! [`clone_in_place!`](crate::clone_in_place): `Clone` for a state type, its `clone_from`
//! field by field.

/// Implements `Clone` for a struct field by field: `clone` clones each field, and
/// `clone_from` copies each through the field's own `clone_from`, so a `Vec` (a `String`, an
/// `Option` or an array of them) keeps its buffer. A registered resource is saved and
/// restored by `clone_from` ([`SnapshotRegistry`](crate::snapshot::SnapshotRegistry)), and the
/// one `#[derive(Clone)]` leaves builds a whole new value: with this, saving and restoring a
/// resource that holds lists allocates nothing once its buffers have grown. List every field:
/// one left out does not compile (`clone` builds the struct from the list).
///
/// ```
/// #[derive(Debug, Default, PartialEq)]
/// struct River {
///     discards: Vec<u8>,
///     riichi: [bool; 4],
/// }
/// alea::clone_in_place!(River { discards, riichi });
///
/// let long = River { discards: vec![1, 2, 3], riichi: [true, false, false, false] };
/// let mut kept = River { discards: Vec::with_capacity(8), ..River::default() };
/// let buffer = kept.discards.as_ptr();
/// kept.clone_from(&long);
/// assert_eq!(kept, long);
/// assert_eq!(kept.discards.as_ptr(), buffer); // the same buffer, refilled
/// ```
#[macro_export]
macro_rules! clone_in_place {
    ($type:ty { $($field:ident),+ $(,)? }) => {
        impl ::core::clone::Clone for $type {
            fn clone(&self) -> Self {
                Self {
                    $($field: ::core::clone::Clone::clone(&self.$field)),+
                }
            }

            fn clone_from(&mut self, source: &Self) {
                $(::core::clone::Clone::clone_from(&mut self.$field, &source.$field);)+
            }
        }
    };
}
