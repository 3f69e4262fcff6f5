//! What a scheduler remembers per lane across idle periods (FSC's and SCED's curves): a
//! vector indexed by lane, lanes being numbered from 0 as they are made. Each scheduler used
//! a `BTreeMap<usize, Memory>` of its own, one map instantiation per memory type in the wasm
//! module (issue 20: page weight); lookups by index are also cheaper.

/// Each lane's memory, absent until the lane first has one.
#[derive(Clone, Debug, Default)]
pub struct PerLane<M> {
    slots: Vec<Option<M>>,
}

impl<M: Copy + Default> PerLane<M> {
    /// Lane `l`'s memory; the default before it has one.
    pub fn get(&self, l: usize) -> M {
        self.slots.get(l).copied().flatten().unwrap_or_default()
    }

    /// Lane `l`'s memory, if it has one.
    pub fn get_mut(&mut self, l: usize) -> Option<&mut M> {
        self.slots.get_mut(l)?.as_mut()
    }

    /// Lane `l`'s memory, the default one made if it has none.
    pub fn entry(&mut self, l: usize) -> &mut M {
        if self.slots.len() <= l {
            self.slots.resize(l + 1, None);
        }
        self.slots[l].get_or_insert_with(M::default)
    }

    /// Sets lane `l`'s memory.
    pub fn set(&mut self, l: usize, m: M) {
        *self.entry(l) = m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_has_a_memory_only_once_set_or_entered() {
        let mut p: PerLane<u32> = PerLane::default();
        assert_eq!(p.get(3), 0);
        assert!(p.get_mut(3).is_none());
        p.set(3, 7);
        assert_eq!(p.get(3), 7);
        // Lanes 0 to 2 were made room for, not given a memory.
        assert!(p.get_mut(1).is_none());
        *p.entry(1) += 2;
        assert_eq!(p.get(1), 2);
        *p.get_mut(3).unwrap() += 1;
        assert_eq!(p.get(3), 8);
    }
}
