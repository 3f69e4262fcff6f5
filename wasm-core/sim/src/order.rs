//! One sort for the orderings of code that runs once per run (the scripted schedule, a
//! replay's order and report): each `sort_by_key` on its own element type and key was a
//! slice-sort instantiation of its own in the wasm module, about 6-9 KB each (issue 20: page
//! weight). Here every caller's keys are `[u64; 3]`, sorted with their index by one
//! `sort_unstable` instantiation: the (key, index) pairs are all distinct, so the order is
//! the one a stable sort by key gives, ties in index order.

/// The indices of `keys` in the order a stable sort by key puts them.
pub fn stable_order(keys: impl IntoIterator<Item = [u64; 3]>) -> Vec<usize> {
    let mut k: Vec<([u64; 3], usize)> = keys.into_iter().enumerate().map(|(i, key)| (key, i)).collect();
    k.sort_unstable();
    k.into_iter().map(|(_, i)| i).collect()
}

/// `items` in `order` (a permutation of their indices, as `stable_order` gives).
pub fn permute<T>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order.iter().map(|&i| slots[i].take().expect("a permutation names each index once")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_keep_index_order_as_a_stable_sort() {
        // Hand-sorted: by the first key, then the second; (1, 0) twice, at 1 and 3, stays 1, 3.
        let keys = [[2, 0, 0], [1, 0, 0], [0, 5, 0], [1, 0, 0], [0, 4, 9]];
        assert_eq!(stable_order(keys), vec![4, 2, 1, 3, 0]);
        let v = vec!['a', 'b', 'c', 'd', 'e'];
        assert_eq!(permute(v, &[4, 2, 1, 3, 0]), vec!['e', 'c', 'b', 'd', 'a']);
    }

    #[test]
    fn agrees_with_sort_by_key() {
        let mut v: Vec<(u64, u64)> = (0..200u64).map(|i| ((i * 7919) % 13, (i * 104_729) % 5)).collect();
        let order = stable_order(v.iter().map(|&(a, b)| [a, b, 0]));
        let by_order: Vec<(u64, u64)> = order.iter().map(|&i| v[i]).collect();
        v.sort_by_key(|&(a, b)| (a, b));
        assert_eq!(by_order, v);
    }
}
