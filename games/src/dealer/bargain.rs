//! The bargain solver (麻学式): each bargaining ability offers plans, a plan claims
//! tile kinds; the dealer picks a joint plan uniformly among all feasible ones.
//!
//! Per kind, a joint plan is feasible iff at most one ability claims `All`/`Four` on it, no other
//! ability claims `Any` alongside, copies in zone A ≥ the `Any` claims, and a `Four` finds every
//! copy of the kind in its claimer's starting hand so far (raided tiles) or in A.
//!
//! Counting is exact. Abilities whose plans can never touch a common kind are independent, so the
//! bargainers split into connected components and the count is the product of the components'
//! counts; within a component a depth-first search prunes every partial joint plan that is already
//! infeasible (feasibility only gets harder as claims are added) and counts the last ability's
//! compatible plans directly. A uniform joint plan is then one uniform index per component.

use rand::{Rng, RngExt};
use serde::Serialize;

use crate::tiles::{TileCounts, TileKind};

/// A claim of one plan on one tile kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Claim {
    /// No claim.
    #[default]
    None,
    /// At least one copy must remain available to me.
    Any,
    /// Others may not receive this kind in the deal.
    All,
    /// This kind's copies must all be mine: those in my starting hand so far (a raid may have
    /// put some there) and those in zone A make every copy.
    Four,
}

/// One bargaining ability: its label and, per plan, its claims on the 34 kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bargainer {
    /// The ability's label (`kuro@0`), used in errors.
    pub label: String,
    /// Per plan, the claim on each kind (index = kind index).
    pub plans: Vec<[Claim; TileKind::COUNT]>,
    /// Its seat's starting hand so far (what the raid gave it): a `Four` counts these copies.
    pub held: TileCounts,
}

/// No joint plan satisfies every claim: the labels of the abilities that cannot agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Infeasible(pub Vec<String>);

/// A plan reduced to the kinds it claims, with its index among the bargainer's plans.
struct Sparse {
    index: u16,
    claims: Vec<(u8, Claim)>,
}

/// The per-kind counters of a partial joint plan.
struct State {
    exclusive: [u8; TileKind::COUNT],
    any: [u8; TileKind::COUNT],
}

/// The bargain problem against the copies in zone A.
struct Problem<'a> {
    stock: [u8; TileKind::COUNT],
    /// Per bargainer, its statically possible plans (a `Four` it cannot hold is dropped).
    plans: Vec<Vec<Sparse>>,
    bargainers: &'a [Bargainer],
}

impl<'a> Problem<'a> {
    fn new(bargainers: &'a [Bargainer], stock_a: &TileCounts, set: &TileCounts) -> Self {
        let mut stock = [0; TileKind::COUNT];
        for kind in TileKind::all() {
            stock[kind.index()] = stock_a.of_kind(kind);
        }
        let plans = bargainers
            .iter()
            .map(|b| {
                let full = |kind: usize| {
                    let kind = TileKind::new(kind as u8).expect("34 kinds");
                    let copies = set.of_kind(kind);
                    copies > 0 && b.held.of_kind(kind) + stock_a.of_kind(kind) == copies
                };
                b.plans
                    .iter()
                    .enumerate()
                    .map(|(index, claims)| Sparse {
                        index: index as u16,
                        claims: claims
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| **c != Claim::None)
                            .map(|(k, c)| (k as u8, *c))
                            .collect(),
                    })
                    .filter(|p| {
                        p.claims.iter().all(|&(k, c)| match c {
                            Claim::Four => full(usize::from(k)),
                            Claim::Any => stock[usize::from(k)] > 0,
                            _ => true,
                        })
                    })
                    .collect()
            })
            .collect();
        Problem {
            stock,
            plans,
            bargainers,
        }
    }

    /// Can `plan` join the partial joint plan `state`?
    fn fits(&self, state: &State, plan: &Sparse) -> bool {
        plan.claims.iter().all(|&(k, c)| {
            let k = usize::from(k);
            match c {
                Claim::All | Claim::Four => state.exclusive[k] == 0 && state.any[k] == 0,
                Claim::Any => state.exclusive[k] == 0 && state.any[k] < self.stock[k],
                Claim::None => true,
            }
        })
    }

    fn apply(state: &mut State, plan: &Sparse, sign: i8) {
        for &(k, c) in &plan.claims {
            let cell = match c {
                Claim::All | Claim::Four => &mut state.exclusive[usize::from(k)],
                Claim::Any => &mut state.any[usize::from(k)],
                Claim::None => continue,
            };
            *cell = cell.wrapping_add_signed(sign);
        }
    }

    /// Feasible completions of `state` by the bargainers `members[level..]`.
    fn count(&self, members: &[usize], level: usize, state: &mut State) -> u128 {
        let plans = &self.plans[members[level]];
        if level + 1 == members.len() {
            return plans.iter().filter(|p| self.fits(state, p)).count() as u128;
        }
        let mut total = 0;
        for plan in plans {
            if !self.fits(state, plan) {
                continue;
            }
            Self::apply(state, plan, 1);
            total += self.count(members, level + 1, state);
            Self::apply(state, plan, -1);
        }
        total
    }

    /// The `rank`-th feasible completion (in plan order), written into `chosen`.
    fn nth(
        &self,
        members: &[usize],
        level: usize,
        state: &mut State,
        mut rank: u128,
        chosen: &mut [u16],
    ) {
        let plans = &self.plans[members[level]];
        for plan in plans {
            if !self.fits(state, plan) {
                continue;
            }
            let below = if level + 1 == members.len() {
                1
            } else {
                Self::apply(state, plan, 1);
                let n = self.count(members, level + 1, state);
                Self::apply(state, plan, -1);
                n
            };
            if rank < below {
                chosen[members[level]] = plan.index;
                if level + 1 < members.len() {
                    Self::apply(state, plan, 1);
                    self.nth(members, level + 1, state, rank, chosen);
                    Self::apply(state, plan, -1);
                }
                return;
            }
            rank -= below;
        }
        unreachable!("rank is below the count of feasible completions");
    }

    /// Groups of bargainers that may interact (their plans can claim a common kind).
    fn components(&self) -> Vec<Vec<usize>> {
        let masks: Vec<u64> = self
            .plans
            .iter()
            .map(|plans| {
                plans
                    .iter()
                    .flat_map(|p| p.claims.iter().map(|&(k, _)| 1u64 << k))
                    .fold(0, |a, b| a | b)
            })
            .collect();
        let n = masks.len();
        let mut group: Vec<usize> = (0..n).collect();
        fn root(group: &mut [usize], mut i: usize) -> usize {
            while group[i] != i {
                group[i] = group[group[i]];
                i = group[i];
            }
            i
        }
        for i in 0..n {
            for j in i + 1..n {
                if masks[i] & masks[j] != 0 {
                    let (a, b) = (root(&mut group, i), root(&mut group, j));
                    group[a.max(b)] = a.min(b);
                }
            }
        }
        let mut components: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            let r = root(&mut group, i);
            match components.iter_mut().find(|c| c[0] == r) {
                Some(c) => c.push(i),
                None => components.push(vec![i]),
            }
        }
        components
    }

    fn fresh() -> State {
        State {
            exclusive: [0; TileKind::COUNT],
            any: [0; TileKind::COUNT],
        }
    }

    /// Per component, its members and feasible count; `Err` names the first infeasible one.
    fn counted(&self) -> Result<Vec<(Vec<usize>, u128)>, Infeasible> {
        let mut out = Vec::new();
        for members in self.components() {
            let n = self.count(&members, 0, &mut Self::fresh());
            if n == 0 {
                let labels = members
                    .iter()
                    .map(|&i| self.bargainers[i].label.clone())
                    .collect();
                return Err(Infeasible(labels));
            }
            out.push((members, n));
        }
        Ok(out)
    }
}

/// The exact number of feasible joint plans of `bargainers` given zone A's copies `stock_a`
/// and the tile set `set` (saturating at `u128::MAX`); each bargainer's `held` tiles count for
/// its `Four` claims.
pub fn count_joint_plans(bargainers: &[Bargainer], stock_a: &TileCounts, set: &TileCounts) -> u128 {
    let problem = Problem::new(bargainers, stock_a, set);
    match problem.counted() {
        Ok(parts) => parts.iter().fold(1u128, |a, (_, n)| a.saturating_mul(*n)),
        Err(_) => 0,
    }
}

/// A joint plan chosen uniformly among the feasible ones: the plan index of each bargainer, in
/// order. No bargainers → an empty plan. `Err` names the abilities that cannot agree.
pub fn choose_joint_plan<R: Rng + ?Sized>(
    bargainers: &[Bargainer],
    stock_a: &TileCounts,
    set: &TileCounts,
    rng: &mut R,
) -> Result<Vec<u16>, Infeasible> {
    let problem = Problem::new(bargainers, stock_a, set);
    let parts = problem.counted()?;
    let mut chosen = vec![0u16; bargainers.len()];
    for (members, n) in parts {
        let rank = rng.random_range(0..n);
        problem.nth(&members, 0, &mut Problem::fresh(), rank, &mut chosen);
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::TileSet;

    fn plans(f: impl Fn(u16, TileKind) -> Claim, n: u16) -> Vec<[Claim; 34]> {
        (0..n)
            .map(|p| std::array::from_fn(|k| f(p, TileKind::new(k as u8).unwrap())))
            .collect()
    }

    fn kuro(label: &str) -> Bargainer {
        Bargainer {
            label: label.into(),
            held: TileCounts::new(),
            plans: plans(
                |p, k| {
                    let dora = TileKind::new(p as u8).unwrap();
                    if k == dora {
                        Claim::Four
                    } else if k == dora.indicator() {
                        Claim::Any
                    } else {
                        Claim::None
                    }
                },
                34,
            ),
        }
    }

    fn kasumi(label: &str) -> Bargainer {
        Bargainer {
            label: label.into(),
            held: TileCounts::new(),
            plans: plans(
                |p, k| {
                    if !k.is_honor() && k.index() / 9 == usize::from(p) {
                        Claim::All
                    } else {
                        Claim::None
                    }
                },
                3,
            ),
        }
    }

    #[test]
    fn counts_are_exact() {
        let set = *TileSet::riichi(true).counts();
        assert_eq!(count_joint_plans(&[kuro("k")], &set, &set), 34);
        assert_eq!(count_joint_plans(&[kuro("k"), kasumi("a")], &set, &set), 75);
        // Two Kuro: different doras, and neither dora may be the other's indicator.
        // Pairs (d1, d2), d1 != d2, d2 != ind(d1), d1 != ind(d2): 34·33 − 2·34 = 1054; the indicator
        // Any claims of both may share a kind (4 copies ≥ 2 Any claims).
        assert_eq!(
            count_joint_plans(&[kuro("k1"), kuro("k2")], &set, &set),
            1054
        );
        assert_eq!(
            count_joint_plans(&[kasumi("a"), kasumi("b"), kasumi("c")], &set, &set),
            6
        );
        let four = [kasumi("a"), kasumi("b"), kasumi("c"), kasumi("d")];
        assert_eq!(count_joint_plans(&four, &set, &set), 0);
        let mut rng = alea::chance::derive_stream(1, 1, 0);
        assert_eq!(
            choose_joint_plan(&four, &set, &set, &mut rng),
            Err(Infeasible(vec![
                "a".into(),
                "b".into(),
                "c".into(),
                "d".into()
            ]))
        );
        // A Four needs every copy in A or in the claimer's hand; an Any needs one.
        let mut stock = set;
        let one = "1m".parse().unwrap();
        stock[one] -= 1;
        assert_eq!(count_joint_plans(&[kuro("k")], &stock, &set), 33);
        let mut holder = kuro("k");
        holder.held[one] = 1;
        assert_eq!(count_joint_plans(&[holder.clone()], &stock, &set), 34);
        // Held by another seat's raid: not hers, so the 1m plan cannot hold.
        let mut other = kasumi("a");
        other.held[one] = 1;
        // 75 joint plans with a full stock, of which two have the 1m dora (with suits p and s).
        assert_eq!(count_joint_plans(&[kuro("k"), other], &stock, &set), 73);
    }
}
