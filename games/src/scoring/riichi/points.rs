//! Points: basic points from han and fu with the limits, and who pays what.

use serde::Serialize;

use super::RiichiRules;

/// The limit a score reached, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// Below mangan: basic points are `fu × 2^(2 + han)`.
    None,
    /// 5 han, or fewer with basic points above 2000 (2000 basic points).
    Mangan,
    /// 6–7 han (3000).
    Haneman,
    /// 8–10 han (4000).
    Baiman,
    /// 11–12 han (6000; also 13+ without kazoe yakuman).
    Sanbaiman,
    /// 13+ han of ordinary yaku with kazoe yakuman on (8000).
    KazoeYakuman,
    /// That many yakuman (8000 each).
    Yakuman(u32),
}

/// Basic points of `han` and `fu` (`yakuman` units > 0 overrides them), with the limit reached.
pub fn basic_points(han: u32, fu: u32, yakuman: u32, rules: &RiichiRules) -> (u32, Limit) {
    if yakuman > 0 {
        return (8000 * yakuman, Limit::Yakuman(yakuman));
    }
    let limit = match han {
        0..=4 => {
            let basic = fu << (2 + han);
            let kiriage =
                rules.kiriage_mangan && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if basic < 2000 && !kiriage {
                return (basic, Limit::None);
            }
            Limit::Mangan
        }
        5 => Limit::Mangan,
        6 | 7 => Limit::Haneman,
        8..=10 => Limit::Baiman,
        11 | 12 => Limit::Sanbaiman,
        _ if rules.kazoe_yakuman => Limit::KazoeYakuman,
        _ => Limit::Sanbaiman,
    };
    let basic = match limit {
        Limit::Mangan => 2000,
        Limit::Haneman => 3000,
        Limit::Baiman => 4000,
        Limit::Sanbaiman => 6000,
        _ => 8000,
    };
    (basic, limit)
}

/// Who pays what. `total` is everything the winner receives (honba and riichi sticks
/// included); the other fields are single payments, honba included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Payments {
    /// Everything the winner receives.
    pub total: u32,
    /// Ron: what the discarder pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ron: Option<u32>,
    /// A non-dealer's tsumo: what the dealer pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u32>,
    /// Tsumo: what each non-dealer pays (two of them, or three when the dealer wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub non_dealer: Option<u32>,
    /// The riichi deposits taken from the table (1000 each).
    pub riichi_sticks: u32,
}

fn round_up_100(points: u32) -> u32 {
    points.div_ceil(100) * 100
}

impl Payments {
    /// The payments of `basic` points: ron 4× (dealer 6×) from the discarder; tsumo 1× from
    /// each non-dealer and 2× from the dealer (dealer tsumo: 2× from each), each rounded up to
    /// 100; plus 300 per honba (100 from each payer on tsumo) and 1000 per riichi stick.
    pub fn new(basic: u32, dealer: bool, tsumo: bool, honba: u32, riichi_sticks: u32) -> Payments {
        let sticks = 1000 * riichi_sticks;
        if !tsumo {
            let pay = round_up_100(basic * if dealer { 6 } else { 4 }) + 300 * honba;
            return Payments {
                total: pay + sticks,
                ron: Some(pay),
                dealer: None,
                non_dealer: None,
                riichi_sticks: sticks,
            };
        }
        if dealer {
            let each = round_up_100(2 * basic) + 100 * honba;
            return Payments {
                total: 3 * each + sticks,
                ron: None,
                dealer: None,
                non_dealer: Some(each),
                riichi_sticks: sticks,
            };
        }
        let from_dealer = round_up_100(2 * basic) + 100 * honba;
        let each = round_up_100(basic) + 100 * honba;
        Payments {
            total: from_dealer + 2 * each + sticks,
            ron: None,
            dealer: Some(from_dealer),
            non_dealer: Some(each),
            riichi_sticks: sticks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_payments() {
        let rules = RiichiRules::default();
        assert_eq!(basic_points(1, 30, 0, &rules), (240, Limit::None));
        assert_eq!(basic_points(4, 30, 0, &rules), (1920, Limit::None));
        assert_eq!(basic_points(4, 40, 0, &rules), (2000, Limit::Mangan));
        assert_eq!(basic_points(3, 70, 0, &rules), (2000, Limit::Mangan));
        assert_eq!(basic_points(13, 30, 0, &rules), (8000, Limit::KazoeYakuman));
        assert_eq!(basic_points(1, 30, 2, &rules), (16000, Limit::Yakuman(2)));
        let kiriage = RiichiRules {
            kiriage_mangan: true,
            ..rules
        };
        assert_eq!(basic_points(4, 30, 0, &kiriage), (2000, Limit::Mangan));
        // 1 han 30 fu: 1000 ron, 300/500 tsumo; dealer 1500 ron, 500 all.
        assert_eq!(Payments::new(240, false, false, 0, 0).ron, Some(1000));
        let tsumo = Payments::new(240, false, true, 1, 2);
        assert_eq!((tsumo.dealer, tsumo.non_dealer), (Some(600), Some(400)));
        assert_eq!(tsumo.total, 600 + 2 * 400 + 2000);
        assert_eq!(Payments::new(240, true, true, 0, 0).total, 1500);
    }
}
