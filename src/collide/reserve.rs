//! Reserving room ahead of time ([`Collider::reserve`](super::Collider::reserve)): the
//! buffers an update fills are given their capacity at once and written once, so an update
//! within it neither allocates nor touches a fresh page of memory.

/// Makes room for `n` more entries in `v` and writes each once with `fill`, leaving `v`'s
/// contents as they were.
pub(super) fn touched<T: Clone>(v: &mut Vec<T>, n: usize, fill: T) {
    let len = v.len();
    v.resize(len + n, fill);
    v.truncate(len);
}
