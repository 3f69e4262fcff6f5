//! Values kept per lane, in a vector indexed by lane (lanes are numbered from 0 as they are
//! made): what FSC and SCED remember across idle periods, and the copies of the queues the
//! snapshots of the lane schedulers replay. Each used a `BTreeMap<usize, V>` of its own, one
//! map instantiation per value type in the wasm module (issue 20: page weight); lookups by
//! index are also cheaper. Iteration goes by lane, as the maps' did.

/// Each lane's value, absent until the lane is given one.
#[derive(Clone, Debug)]
pub struct PerLane<V> {
    slots: Vec<Option<V>>,
}

impl<V> Default for PerLane<V> {
    fn default() -> PerLane<V> {
        PerLane { slots: Vec::new() }
    }
}

impl<V> PerLane<V> {
    /// Lane `l`'s value, if it has one.
    pub fn get_mut(&mut self, l: usize) -> Option<&mut V> {
        self.slots.get_mut(l)?.as_mut()
    }

    /// Lane `l`'s value, which must be there.
    pub fn at(&self, l: usize) -> &V {
        self.slots[l].as_ref().expect("a lane with a value")
    }

    /// Gives lane `l` the value `v`.
    pub fn insert(&mut self, l: usize, v: V) {
        if self.slots.len() <= l {
            self.slots.resize_with(l + 1, || None);
        }
        self.slots[l] = Some(v);
    }

    /// The lanes with a value, in lane order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &V)> {
        self.slots.iter().enumerate().filter_map(|(l, v)| Some((l, v.as_ref()?)))
    }
}

impl<V: Copy + Default> PerLane<V> {
    /// Lane `l`'s value; the default before it has one.
    pub fn get(&self, l: usize) -> V {
        self.slots.get(l).copied().flatten().unwrap_or_default()
    }

    /// Lane `l`'s value, the default one given if it has none.
    pub fn entry(&mut self, l: usize) -> &mut V {
        if self.get_mut(l).is_none() {
            self.insert(l, V::default());
        }
        self.get_mut(l).expect("just given")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_has_a_value_only_once_given_one() {
        let mut p: PerLane<u32> = PerLane::default();
        assert_eq!(p.get(3), 0);
        assert!(p.get_mut(3).is_none());
        p.insert(3, 7);
        assert_eq!(p.get(3), 7);
        // Lanes 0 to 2 were made room for, not given a value.
        assert!(p.get_mut(1).is_none());
        *p.entry(1) += 2;
        assert_eq!(*p.at(1), 2);
        *p.get_mut(3).unwrap() += 1;
        assert_eq!(p.iter().collect::<Vec<_>>(), vec![(1, &2), (3, &8)]);
    }
}
