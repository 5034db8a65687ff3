//! Dice generation expressions (DESIGN §9): a table of expressions with their exact dice
//! multisets, error positions, the black generator's restrictions, cases, and properties.

use alea::chance::{CaseGenerator, case_probabilities, derive_stream};
use alea_games::dice::{
    DiceError, DiceExpr, DiceExprError, DiceGenerator, ExprReason, Face, GeneratorKind, Team,
};
use proptest::prelude::*;

use Face::*;

fn team() -> Team {
    Team::new(&[Pyro, Hydro, Cryo], 0)
}

fn dice(expr: &str, n: usize, kind: GeneratorKind, team: &Team, seed: u64) -> Vec<Face> {
    let expr: DiceExpr = expr.parse().unwrap();
    DiceGenerator::new(&expr, n, kind, team)
        .unwrap()
        .sample(&mut derive_stream(seed, 3, 0))
}

fn sorted(mut v: Vec<Face>) -> Vec<Face> {
    v.sort();
    v
}

#[test]
fn fixed_and_relative_expressions_give_exact_multisets() {
    use GeneratorKind::Roll;
    let t = team();
    let table: &[(&str, usize, &[Face])] = &[
        // earlier terms win when N < Σ
        (
            "pyro@3, hydro@3, cryo@3",
            5,
            &[Pyro, Pyro, Pyro, Hydro, Hydro],
        ),
        // the rest is omni for the roll generator; omni@1 is all omni
        ("pyro@2", 5, &[Pyro, Pyro, Omni, Omni, Omni]),
        ("omni@1", 8, &[Omni; 8]),
        ("geo@0, dendro@1", 2, &[Dendro, Omni]),
        // black: the elements no living character has, distinct first
        ("black@4", 4, &[Anemo, Electro, Dendro, Geo]),
        (
            "black@8",
            8,
            &[Anemo, Anemo, Electro, Electro, Dendro, Dendro, Geo, Geo],
        ),
        // white: the non-active characters' elements, distinct first
        ("white@2", 2, &[Hydro, Cryo]),
        ("white@4, omni@1", 5, &[Omni, Hydro, Hydro, Cryo, Cryo]),
        // relative: round half up in order, the last term takes the remainder
        (
            "pyro@3/8, cryo@1/8, omni@2/8, geo@2/8",
            8,
            &[Omni, Omni, Pyro, Pyro, Pyro, Cryo, Geo, Geo],
        ),
        (
            "pyro@3/8, cryo@1/8, omni@2/8, geo@2/8",
            5,
            &[Omni, Pyro, Pyro, Cryo, Geo],
        ),
        (
            "pyro@3/8, cryo@1/8, omni@2/8, geo@2/8",
            4,
            &[Omni, Pyro, Pyro, Cryo],
        ),
        (
            "pyro@1/3, hydro@1/3, cryo@1/3",
            5,
            &[Pyro, Pyro, Hydro, Hydro, Cryo],
        ),
        (
            "pyro@1/3, hydro@1/3, cryo@1/3",
            4,
            &[Pyro, Hydro, Cryo, Cryo],
        ),
        (
            "pyro@1/2, hydro@1/2",
            7,
            &[Pyro, Pyro, Pyro, Pyro, Hydro, Hydro, Hydro],
        ),
        // capped by what is left: hydro rounds up to 1 but nothing is left
        ("pyro@1/2, hydro@1/2, cryo@0/1", 1, &[Pyro]),
        ("pyro@2/3, hydro@1/6, cryo@1/6", 2, &[Pyro, Cryo]),
        // case-insensitive, whitespace allowed
        ("  PyRo @ 2 ,CRYO@1 ", 3, &[Pyro, Pyro, Cryo]),
    ];
    for &(expr, n, expected) in table {
        for seed in 0..4 {
            let got = sorted(dice(expr, n, Roll, &t, seed));
            assert_eq!(got, sorted(expected.to_vec()), "{expr} with N = {n}");
        }
    }
}

#[test]
fn black_and_white_follow_the_team() {
    use GeneratorKind::Roll;
    // The active one is hydro: white is pyro or cryo.
    let t = Team::new(&[Pyro, Hydro, Cryo], 1);
    assert_eq!(sorted(dice("white@2", 2, Roll, &t, 5)), vec![Pyro, Cryo]);
    // No other character: white acts as black.
    let alone = Team::new(&[Pyro], 0);
    let got = dice("white@6", 6, Roll, &alone, 1);
    assert_eq!(sorted(got), vec![Hydro, Anemo, Electro, Dendro, Cryo, Geo]);
    // Another character with the active's element is not off-element: black again.
    let same = Team::new(&[Pyro, Pyro], 0);
    assert!(!dice("white@3", 3, Roll, &same, 2).contains(&Pyro));
    // The seeded order differs by seed but the multiset does not.
    let orders: std::collections::BTreeSet<Vec<Face>> = (0..20)
        .map(|s| dice("black@4", 4, Roll, &team(), s))
        .collect();
    assert!(orders.len() > 1);
}

#[test]
fn the_black_generator_fills_black_and_never_repeats() {
    use GeneratorKind::Black;
    let t = team();
    let got = dice("pyro@1", 3, Black, &t, 0);
    assert_eq!(got[0], Pyro);
    assert!(
        got[1..]
            .iter()
            .all(|f| [Anemo, Electro, Dendro, Geo].contains(f))
    );
    assert_ne!(got[1], got[2]);
    // black dice avoid an element the expression names
    for seed in 0..20 {
        let got = dice("geo@1, black@3", 4, Black, &t, seed);
        assert_eq!(sorted(got), vec![Anemo, Electro, Dendro, Geo]);
    }
    // more black dice than non-team elements: distinct team elements next
    assert_eq!(
        sorted(dice("black@7", 7, Black, &t, 9)),
        vec![Pyro, Hydro, Anemo, Electro, Dendro, Cryo, Geo]
    );
    // random: distinct basic elements
    assert_eq!(
        sorted(dice("random", 7, Black, &t, 4)),
        vec![Pyro, Hydro, Anemo, Electro, Dendro, Cryo, Geo]
    );
}

fn error(expr: &str) -> DiceExprError {
    expr.parse::<DiceExpr>().unwrap_err()
}

fn at(position: usize, reason: ExprReason) -> DiceExprError {
    DiceExprError { position, reason }
}

#[test]
fn errors_name_the_position_and_reason() {
    use ExprReason::*;
    assert_eq!(error(""), at(0, ExpectedTerm));
    assert_eq!(error("pyro@3, cryo@x"), at(13, ExpectedNumber));
    assert_eq!(error("pyr@3"), at(0, UnknownFace("pyr".into())));
    assert_eq!(error("pyro 3"), at(5, ExpectedAt));
    assert_eq!(error("pyro@3, hydro@1/2"), at(8, MixedForms));
    assert_eq!(
        error("pyro@1/2, hydro@1/3"),
        at(10, FractionSum { num: 5, den: 6 })
    );
    assert_eq!(error("pyro@1/0"), at(7, ZeroDenominator));
    assert_eq!(error("random, pyro@1"), at(0, RandomNotAlone));
    assert_eq!(error("pyro@1;"), at(6, Unexpected(';')));
    assert_eq!(error("pyro@1,"), at(7, ExpectedTerm));
    assert_eq!(error("pyro@99999"), at(5, NumberTooLarge));
    assert_eq!(
        error("pyro@3, cryo@x").to_string(),
        "at position 13: expected a number"
    );
}

#[test]
fn the_black_generator_refuses_omni_and_repeats_by_position() {
    use GeneratorKind::Black;
    let t = team();
    let refuse = |expr: &str, n: usize| {
        DiceGenerator::new(&expr.parse().unwrap(), n, Black, &t).unwrap_err()
    };
    let expr = |p, r| DiceError::Expr(at(p, r));
    assert_eq!(
        refuse("omni@1", 3),
        expr(0, ExprReason::OmniInBlackGenerator)
    );
    assert_eq!(
        refuse("pyro@1, hydro@1, pyro@1", 3),
        expr(17, ExprReason::RepeatedElement(Pyro))
    );
    assert_eq!(
        refuse("pyro@2", 1),
        expr(0, ExprReason::RepeatedElement(Pyro))
    );
    // relative: pyro would get round(4 × 1/2) = 2 dice
    assert_eq!(
        refuse("black@1/2, pyro@1/2", 4),
        expr(11, ExprReason::RepeatedElement(Pyro))
    );
    // More than 7 black dice: a new run of distinct elements after the seventh.
    let many = DiceGenerator::new(&"black@1".parse().unwrap(), 10, GeneratorKind::Black, &t);
    let dice = many.unwrap().sample(&mut derive_stream(4, 3, 0));
    assert_two_runs_of_distinct_basic_dice(&dice);
    let roll = DiceGenerator::new(&DiceExpr::Random, 17, GeneratorKind::Roll, &t);
    assert_eq!(roll.unwrap_err(), DiceError::TooMany { n: 17 });
}

#[test]
fn cases_enumerate_every_equally_likely_outcome() {
    let t = team();
    let expr: DiceExpr = "black@2, white@1".parse().unwrap();
    let g = DiceGenerator::new(&expr, 3, GeneratorKind::Roll, &t).unwrap();
    // 4 × 3 ordered black pairs, 2 whites
    assert_eq!(g.max_case(), 24);
    let p = case_probabilities(&g);
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let outcomes: std::collections::BTreeSet<Vec<Face>> = (0..24).map(|k| g.produce(k)).collect();
    assert_eq!(outcomes.len(), 24, "every case is a different outcome");
    assert!(
        outcomes
            .iter()
            .all(|d| d[0] != d[1] && [Hydro, Cryo].contains(&d[2]))
    );
    let black = DiceGenerator::new(&DiceExpr::Random, 3, GeneratorKind::Black, &t).unwrap();
    assert_eq!(black.max_case(), 7 * 6 * 5);
    let fixed = DiceGenerator::new(&"pyro@2".parse().unwrap(), 8, GeneratorKind::Roll, &t).unwrap();
    assert_eq!(fixed.max_case(), 1);
    let random = DiceGenerator::new(&DiceExpr::Random, 8, GeneratorKind::Roll, &t).unwrap();
    assert_eq!(random.max_case(), 1 << 24);
    assert_eq!(
        random.produce(8 * 3 + 1),
        vec![Pyro, Anemo, Omni, Omni, Omni, Omni, Omni, Omni]
    );
    // A sample names its case: producing that case gives the same dice.
    for (seed, g) in (0..20).zip([random, black].iter().cycle()) {
        let mut out = [Omni; 16];
        let (case, n) = g.sample_case_into(&mut derive_stream(seed, 3, 0), &mut out);
        assert!(case < g.max_case());
        assert_eq!(g.produce(case), out[..n].to_vec(), "seed {seed}");
    }
}

#[test]
fn random_rolls_are_uniform_over_the_eight_faces() {
    let random = DiceGenerator::new(&DiceExpr::Random, 16, GeneratorKind::Roll, &team()).unwrap();
    let mut rng = derive_stream(99, 3, 0);
    let mut counts = [0u32; 8];
    for _ in 0..500 {
        for f in random.sample(&mut rng) {
            counts[f as usize] += 1;
        }
    }
    // 8000 dice, 1000 expected per face; chi-square with 7 degrees of freedom, p = 0.001
    // critical value 24.32.
    let chi2: f64 = counts
        .iter()
        .map(|&c| (f64::from(c) - 1000.0).powi(2) / 1000.0)
        .sum();
    assert!(chi2 < 24.32, "chi2 = {chi2}, counts {counts:?}");
}

fn arb_term(relative: bool) -> impl Strategy<Value = String> {
    let face = prop::sample::select(vec![
        "omni", "pyro", "hydro", "anemo", "electro", "dendro", "cryo", "geo", "black", "white",
    ]);
    (face, 0u32..6, 1u32..6).prop_map(move |(f, a, b)| {
        if relative {
            format!("{f}@{a}/{b}")
        } else {
            format!("{f}@{a}")
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_roll_generator_always_makes_exactly_n_dice(
        terms in prop::collection::vec(arb_term(false), 1..6),
        n in 0usize..=16,
        seed in any::<u64>(),
        active in 0usize..3,
    ) {
        let t = Team::new(&[Pyro, Hydro, Cryo], active);
        let expr: DiceExpr = terms.join(",").parse().unwrap();
        let g = DiceGenerator::new(&expr, n, GeneratorKind::Roll, &t).unwrap();
        prop_assert_eq!(g.sample(&mut derive_stream(seed, 3, 0)).len(), n);
    }

    #[test]
    fn relative_expressions_make_exactly_n_dice(
        n in 0usize..=16,
        a in 1u32..8,
        b in 1u32..8,
        seed in any::<u64>(),
    ) {
        // a/(a+b) + b/(a+b) = 1
        let text = format!("pyro@{a}/{d}, white@{b}/{d}", d = a + b);
        let expr: DiceExpr = text.parse().unwrap();
        let g = DiceGenerator::new(&expr, n, GeneratorKind::Roll, &team()).unwrap();
        prop_assert_eq!(g.sample(&mut derive_stream(seed, 3, 0)).len(), n);
    }

    #[test]
    fn the_black_generator_never_repeats_an_element_or_makes_omni(
        faces in prop::sample::subsequence(vec!["pyro", "hydro", "anemo", "electro", "dendro", "cryo", "geo"], 0..4),
        specials in prop::collection::vec(prop::sample::select(vec!["black", "white"]), 0..3),
        n in 0usize..=7,
        seed in any::<u64>(),
    ) {
        let mut terms: Vec<String> = faces.iter().map(|f| format!("{f}@1")).collect();
        terms.extend(specials.iter().map(|s| format!("{s}@1")));
        let text = if terms.is_empty() { "random".to_string() } else { terms.join(", ") };
        let expr: DiceExpr = text.parse().unwrap();
        let g = DiceGenerator::new(&expr, n, GeneratorKind::Black, &team()).unwrap();
        let got = g.sample(&mut derive_stream(seed, 3, 0));
        prop_assert_eq!(got.len(), n);
        prop_assert!(!got.contains(&Omni));
        let distinct: std::collections::BTreeSet<_> = got.iter().collect();
        prop_assert_eq!(distinct.len(), n);
    }
}

/// Ten black dice: seven distinct basic elements, then three more distinct ones.
pub fn assert_two_runs_of_distinct_basic_dice(dice: &[Face]) {
    let first: std::collections::BTreeSet<Face> = dice[..7].iter().copied().collect();
    let rest: std::collections::BTreeSet<Face> = dice[7..].iter().copied().collect();
    assert_eq!(
        (dice.len(), first.len(), rest.len()),
        (10, 7, 3),
        "{dice:?}"
    );
    assert!(dice.iter().all(|f| f.is_basic()));
}
