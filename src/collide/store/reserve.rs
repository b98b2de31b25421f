//! Reserving room ahead of time ([`Collider::reserve`](crate::collide::Collider::reserve)): the
//! buffers an update fills are given their capacity at once and written once, so an update
//! within it neither allocates nor touches a fresh page of memory. The game reserves its own
//! step's buffers the same way, with the same function.

/// Makes room for `n` more entries in `v` and writes each once with `fill`, leaving `v`'s
/// contents as they were.
pub fn reserve_touched<T: Clone>(v: &mut Vec<T>, n: usize, fill: T) {
    let len = v.len();
    v.resize(len + n, fill);
    v.truncate(len);
}
