//! Why a snapshot could not be taken back or setup refused a type no snapshot covers.

/// Why a snapshot could not be restored (the world is unchanged in every case), or why setup
/// refused to finish ([`Unregistered`](Self::Unregistered)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The snapshot was made by a registry with other types (another game or build).
    #[error("the snapshot was taken from a world with other registered types")]
    OtherRegistry,
    /// More game entities (with a `StableId`) hold a type than the snapshot saved (something
    /// gave a game entity a registered component it did not have, or spawned an entity with a
    /// `StableId`), or a registered resource was inserted or removed: the values cannot all be
    /// written back.
    #[error("the entities holding {type_name} changed since the snapshot")]
    LayoutChanged {
        /// The type whose layout differs.
        type_name: &'static str,
    },
    /// Setup ended with game state no snapshot covers: a game entity or a resource the game's
    /// setup inserted holds a mutable type that is neither registered nor declared not game
    /// state ([`Setup::not_game_state`](crate::kernel::Setup::not_game_state)). A search or a
    /// determinization would leave such a value changed. The kernel registers the components
    /// it puts on entities that change (`Zone`, `Listener`, `DieFace`, `CardId`); its fixed
    /// ones are immutable. Only resources the game's setup inserts are checked (one already in
    /// the world when setup starts is the caller's).
    #[error(
        "{type_name} on {holder} is game state no snapshot covers: register it \
         (Setup::snapshot_component or Setup::snapshot_resource), make it immutable \
         (#[component(immutable)]) if it never changes, or declare it not game state \
         (Setup::not_game_state) if it is a client's presentation or a cache"
    )]
    Unregistered {
        /// The type's name.
        type_name: String,
        /// What holds it (a game entity's stable id and kind, or a resource).
        holder: String,
    },
    /// The snapshot holds a value for an entity this world lacks (or that lacks the type):
    /// the worlds were not built by the same builder.
    #[error("no entity with stable id {id} holds {type_name} in this world")]
    MissingEntity {
        /// The type of the value.
        type_name: &'static str,
        /// The entity's [`StableId`](crate::kernel::StableId).
        id: u32,
    },
}
