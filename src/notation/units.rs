//! Reading a number as a person types it, unit and all: `6`, `6 m/s`,
//! `6m/s`, `6.0 m s^-1`, `−1.44 N·s`, `-1.44 Ns`, `-1.44 kg·m/s`, `5°`,
//! `4.8 km/h`, `6,0` (a decimal comma), a vector as `(a, b)`, `a, b` or
//! `a b`. A unit is read into a factor to SI and a dimension, so an answer
//! can be converted to the unit a quantity is recorded in, and one of another
//! dimension can be told apart from a slip of the number.

/// Powers of kilogram, metre, second and radian. The radian is kept apart
/// (so `5°` converts) but two dimensions that differ only in it agree: an
/// angle is a pure number, and `rad/s` is typed as `/s` too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim([i8; 4]);

impl Dim {
    const NONE: Dim = Dim([0; 4]);

    /// Whether an answer in `self` can stand for a quantity in `other`.
    pub fn agrees(self, other: Dim) -> bool {
        self.0[..3] == other.0[..3]
    }

    fn times(self, other: Dim, power: i8) -> Dim {
        let mut d = self.0;
        for (a, b) in d.iter_mut().zip(other.0) {
            *a += b * power;
        }
        Dim(d)
    }

    /// What a quantity of this dimension is, in English and in Chinese,
    /// with the article English needs: "a speed", "速度".
    pub fn name(self) -> Option<[&'static str; 2]> {
        let [kg, m, s, rad] = self.0;
        if [kg, m, s] == [0, 0, 0] && rad != 0 {
            return Some(["an angle", "角度"]);
        }
        NAMED.iter().find(|(d, _)| *d == [kg, m, s]).map(|(_, n)| *n)
    }
}

/// The dimensions with a name, as powers of kilogram, metre and second
/// (the radian aside: an angle is named on its own).
pub const NAMED: &[([i8; 3], [&str; 2])] = &[
    ([0, 0, 0], ["a pure number", "纯数"]),
    ([0, 1, 0], ["a length", "长度"]),
    ([0, 0, 1], ["a time", "时间"]),
    ([1, 0, 0], ["a mass", "质量"]),
    ([-1, 0, 0], ["an inverse mass", "质量的倒数"]),
    ([0, 1, -1], ["a speed", "速度"]),
    ([0, 1, -2], ["an acceleration", "加速度"]),
    ([0, 0, -1], ["an angular velocity", "角速度"]),
    ([1, 1, -1], ["an impulse (or a momentum)", "冲量（或动量）"]),
    ([1, 1, -2], ["a force", "力"]),
    ([1, 2, -2], ["an energy (or a torque)", "能量（或力矩）"]),
    ([1, 2, -1], ["an angular impulse (or an angular momentum)", "角冲量（或角动量）"]),
    ([1, 2, 0], ["a moment of inertia", "转动惯量"]),
    // Baumgarte's s, a depth times a rate over an inverse mass.
    ([1, 1, 0], ["a mass times a length", "质量与长度之积"]),
    ([0, 2, 0], ["an area", "面积"]),
    ([0, 2, -1], ["a speed times a length", "速度与长度之积"]),
    ([0, 2, -2], ["a speed squared", "速度的平方"]),
    ([0, 4, -2], ["a speed times a length, squared", "速度与长度之积的平方"]),
];

/// A unit as read: how many SI units one of it is, and its dimension.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unit {
    pub factor: f64,
    pub dim: Dim,
}

impl Unit {
    pub const ONE: Unit = Unit { factor: 1.0, dim: Dim::NONE };
}

/// The units a lesson's numbers come in, by symbol: (symbol, factor to SI, kg m s rad).
pub const UNITS: &[(&str, f64, [i8; 4])] = &[
    ("m", 1.0, [0, 1, 0, 0]),
    ("g", 1e-3, [1, 0, 0, 0]),
    ("s", 1.0, [0, 0, 1, 0]),
    ("min", 60.0, [0, 0, 1, 0]),
    ("h", 3600.0, [0, 0, 1, 0]),
    ("N", 1.0, [1, 1, -2, 0]),
    ("J", 1.0, [1, 2, -2, 0]),
    ("W", 1.0, [1, 2, -3, 0]),
    // Revolutions a second, as rpm is revolutions a minute: 1 Hz is 2π rad/s.
    ("Hz", std::f64::consts::TAU, [0, 0, -1, 1]),
    ("rad", 1.0, [0, 0, 0, 1]),
    ("°", std::f64::consts::PI / 180.0, [0, 0, 0, 1]),
    ("deg", std::f64::consts::PI / 180.0, [0, 0, 0, 1]),
    ("rev", std::f64::consts::TAU, [0, 0, 0, 1]),
    ("rpm", std::f64::consts::TAU / 60.0, [0, 0, -1, 1]),
    // "1/s", "1/kg": the one a reciprocal is written with.
    ("1", 1.0, [0, 0, 0, 0]),
    // A share of one: 94.9 % is 0.949.
    ("%", 0.01, [0, 0, 0, 0]),
];

/// SI prefixes, on the units that take them.
pub const PREFIXES: &[(&str, f64)] =
    &[("G", 1e9), ("M", 1e6), ("k", 1e3), ("c", 1e-2), ("m", 1e-3), ("µ", 1e-6), ("μ", 1e-6), ("u", 1e-6), ("n", 1e-9)];

/// Units a prefix never goes on (`mh` is no unit).
pub const NO_PREFIX: &[&str] = &["°", "deg", "rev", "rpm", "min", "h", "1", "%"];

/// Why a typed answer could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// Nothing that reads as a number.
    NotANumber(String),
    /// Too few or too many numbers: how many were found, how many are wanted.
    Count { found: usize, wanted: usize },
    /// A unit symbol that is not known.
    UnknownUnit(String),
    /// A unit that writes one symbol twice (`N·s N·s`): the unit as typed, and the symbol.
    Repeated(String, String),
}

/// An answer as typed: its numbers, and its unit if one was written (with its text).
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub numbers: Vec<f64>,
    pub unit: Option<(String, Unit)>,
}

/// Reads `wanted` numbers (1, or 2 for a vector) and an optional unit after
/// them. The minus sign may be `-` or `−`, a leading `+` is allowed, and a
/// comma is a decimal comma in a single number. For a vector the rule is:
/// with a `;` the parts are split at `;` and a comma is a decimal comma
/// (`(6,5; 2)`); without one, a comma splits the parts (`6, 5` or `6,5`),
/// and else spaces do.
pub fn read(typed: &str, wanted: usize) -> Result<Typed, ReadError> {
    let text = ascii_forms(typed.trim()).replace(['−', '–'], "-");
    let (numbers, unit_text) = split_unit(&text);
    let inner = numbers.trim();
    let inner =
        inner.strip_prefix('(').and_then(|t| t.strip_suffix(')')).or_else(|| inner.strip_prefix('[')?.strip_suffix(']')).unwrap_or(inner);
    let not_a_number = || ReadError::NotANumber(typed.trim().to_string());
    let parts: Vec<String> = if inner.contains(';') {
        inner.split(';').map(|p| p.replace(',', ".")).collect()
    } else if wanted == 1 && !inner.contains(' ') {
        vec![inner.replace(',', ".")]
    } else if inner.contains(',') {
        inner.split(',').map(str::to_string).collect()
    } else {
        inner.split_whitespace().map(str::to_string).collect()
    };
    let parts: Vec<&str> = parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        return Err(not_a_number());
    }
    let numbers: Vec<f64> = parts.iter().map(|p| number(p).ok_or_else(not_a_number)).collect::<Result<_, _>>()?;
    if numbers.len() != wanted {
        return Err(ReadError::Count { found: numbers.len(), wanted });
    }
    let unit_text = unit_text.trim();
    let unit = if unit_text.is_empty() { None } else { Some((unit_text.to_string(), parse_unit(unit_text)?)) };
    Ok(Typed { numbers, unit })
}

/// `typed` with a Chinese input method's forms put back to ASCII: the
/// full-width forms (`－７．２`, `（7，2）`) and the ideographic comma and
/// space.
pub fn ascii_forms(typed: &str) -> String {
    typed
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '、' => ',',
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

/// One number: an optional sign, digits with a point, an exponent; finite.
fn number(text: &str) -> Option<f64> {
    let t = text.strip_prefix('+').unwrap_or(text);
    // Rust reads "inf" and "NaN": a learner's answer is digits.
    if !t.chars().next().is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '.') {
        return None;
    }
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// The numbers and the unit after them: the unit starts at the first letter
/// (or `°`, `µ`) that is not a number's exponent (`1e-3`, `2E5`).
fn split_unit(text: &str) -> (&str, &str) {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let exponent = matches!(c, 'e' | 'E')
            && k > 0
            && chars[k - 1].1.is_ascii_digit()
            && chars.get(k + 1).is_some_and(|&(_, n)| n.is_ascii_digit() || n == '-' || n == '+');
        if (c.is_alphabetic() || matches!(c, '°' | 'µ' | '/' | '%')) && !exponent {
            // A bracket closed after the unit's start belongs to the numbers.
            return (&text[..i], &text[i..]);
        }
    }
    (text, "")
}

/// A unit written as people write them: factors joined by `·`, `*`, `.`
/// or a space, one `/` (or more) before the denominator, powers as `^2`,
/// `^-1`, `²`, `⁻¹` or a bare digit (`m2`), symbols glued (`Ns`, `kgm`).
pub fn parse_unit(text: &str) -> Result<Unit, ReadError> {
    let unknown = || ReadError::UnknownUnit(text.trim().to_string());
    let cleaned = text.replace(['·', '⋅', '*', '×', '(', ')'], " ").replace(". ", " ");
    let cleaned = cleaned.replace('.', " ");
    let mut unit = Unit::ONE;
    // A symbol written twice is a slip of the typing (`N·s N·s`), not a power:
    // a power is written as one (`m/s²`).
    let mut seen: Vec<&str> = Vec::new();
    for (k, side) in cleaned.split('/').enumerate() {
        let sign: i8 = if k == 0 { 1 } else { -1 };
        let factors: Vec<&str> = side.split_whitespace().collect();
        if factors.is_empty() && k > 0 {
            return Err(unknown());
        }
        for f in factors {
            let (body, power) = split_power(f).ok_or_else(unknown)?;
            if seen.contains(&body) {
                return Err(ReadError::Repeated(text.trim().to_string(), body.to_string()));
            }
            seen.push(body);
            let glued = glued(body).ok_or_else(unknown)?;
            // A power with no symbol before it (`m ^2`) multiplies nothing.
            let last = glued.len().saturating_sub(1);
            for (i, u) in glued.into_iter().enumerate() {
                // A power belongs to the symbol it follows: Nm² is N·m².
                let p = sign * if i == last { power } else { 1 };
                unit.factor *= u.factor.powi(i32::from(p));
                unit.dim = unit.dim.times(u.dim, p);
            }
        }
    }
    Ok(unit)
}

/// "s^-1" → ("s", −1); "m²" → ("m", 2); "m2" → ("m", 2); "kg" → ("kg", 1).
fn split_power(factor: &str) -> Option<(&str, i8)> {
    if let Some((body, p)) = factor.split_once('^') {
        return Some((body, p.trim().parse().ok()?));
    }
    const SUPER: [(char, i8); 5] = [('¹', 1), ('²', 2), ('³', 3), ('⁴', 4), ('⁵', 5)];
    let start = factor.find(|c: char| c == '⁻' || SUPER.iter().any(|(s, _)| *s == c));
    if let Some(i) = start {
        let (body, tail) = factor.split_at(i);
        let negative = tail.starts_with('⁻');
        let digit = tail.trim_start_matches('⁻').chars().next()?;
        let p = SUPER.iter().find(|(s, _)| *s == digit)?.1;
        return Some((body, if negative { -p } else { p }));
    }
    // A bare power after a symbol (m2, s-1), but "1" alone is a number one.
    let digits = factor.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = digits.strip_suffix('-').unwrap_or(digits);
    if !digits.is_empty() && digits.len() < factor.len() {
        return Some((digits, factor[digits.len()..].parse().ok()?));
    }
    Some((factor, 1))
}

/// A symbol alone, with a prefix or not: "m", "km", "kg", "°".
fn symbol(text: &str, prefixed: bool) -> Option<Unit> {
    let plain = |s: &str| UNITS.iter().find(|(u, ..)| *u == s).map(|&(_, factor, dim)| Unit { factor, dim: Dim(dim) });
    if let Some(u) = plain(text) {
        return Some(u);
    }
    if !prefixed {
        return None;
    }
    PREFIXES.iter().find_map(|(p, scale)| {
        let rest = text.strip_prefix(p)?;
        let u = plain(rest).filter(|_| !NO_PREFIX.contains(&rest))?;
        Some(Unit { factor: u.factor * scale, ..u })
    })
}

/// Symbols written together: "Ns" is N·s, "kgm" kg·m. A whole word is read
/// as one symbol first ("ms" is a millisecond), then as plain symbols
/// ("Nms" is N·m·s), and only then with prefixes inside.
fn glued(body: &str) -> Option<Vec<Unit>> {
    if let Some(u) = symbol(body, true) {
        return Some(vec![u]);
    }
    split_into(body, false).or_else(|| split_into(body, true))
}

fn split_into(body: &str, prefixed: bool) -> Option<Vec<Unit>> {
    if body.is_empty() {
        return Some(Vec::new());
    }
    let cuts: Vec<usize> = body.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
    cuts.iter().rev().find_map(|&cut| {
        let first = symbol(&body[..cut], prefixed)?;
        let mut rest = split_into(&body[cut..], prefixed)?;
        rest.insert(0, first);
        Some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn si(typed: &str) -> (f64, Dim) {
        let t = read(typed, 1).unwrap();
        let u = t.unit.map_or(Unit::ONE, |(_, u)| u);
        (t.numbers[0] * u.factor, u.dim)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn a_speed_reads_however_it_is_written() {
        let speed = parse_unit("m/s").unwrap().dim;
        for typed in ["6", "6 m/s", "6m/s", "6.0 m s^-1", "6 m·s⁻¹", "+6 m/s", "6,0 m/s", "0.006 km/s"] {
            let (x, dim) = si(typed);
            assert!(close(x, 6.0), "{typed}: {x}");
            assert!(typed == "6" || dim == speed, "{typed}");
        }
        let (x, dim) = si("4.8 km/h");
        assert!(close(x, 4.8 / 3.6) && dim == speed);
    }

    #[test]
    fn an_impulse_reads_as_n_s_or_kg_m_per_s() {
        let impulse = parse_unit("N·s").unwrap().dim;
        for typed in ["-1.44 N·s", "-1.44 N s", "-1.44 Ns", "-1.44 kg·m/s", "−1.44 N*s", "-1440 mN·s", "-1.44 kg m s^-1"] {
            let (x, dim) = si(typed);
            assert!(close(x, -1.44), "{typed}: {x}");
            assert_eq!(dim, impulse, "{typed}");
        }
        assert!(parse_unit("m/s").unwrap().dim != impulse);
        assert_eq!(impulse.name(), Some(["an impulse (or a momentum)", "冲量（或动量）"]));
    }

    #[test]
    fn angles_convert_and_agree_with_pure_numbers() {
        let (x, dim) = si("5°");
        assert!((x - 0.0872665).abs() < 1e-6);
        assert_eq!(dim, parse_unit("rad").unwrap().dim);
        assert!(close(si("0.0873 rad").0, 0.0873));
        // ω typed per second agrees with rad/s.
        assert!(parse_unit("1/s").unwrap().dim.agrees(parse_unit("rad/s").unwrap().dim));
        assert!(close(si("-0.28 rad/s").0, -0.28));
    }

    #[test]
    fn glued_symbols_and_powers() {
        assert_eq!(parse_unit("Nms").unwrap().dim, parse_unit("N·m·s").unwrap().dim);
        assert!(close(parse_unit("ms").unwrap().factor, 1e-3), "a millisecond");
        assert_eq!(parse_unit("kg·m²").unwrap().dim, parse_unit("kg m^2").unwrap().dim);
        assert_eq!(parse_unit("m/s²").unwrap().dim, parse_unit("m s-2").unwrap().dim);
        assert_eq!(parse_unit("1/kg").unwrap().dim.name(), Some(["an inverse mass", "质量的倒数"]));
        assert_eq!(parse_unit("furlongs"), Err(ReadError::UnknownUnit("furlongs".into())));
    }

    #[test]
    fn vectors_and_the_decimal_comma_rule() {
        let v = |t: &str| read(t, 2).map(|t| t.numbers);
        assert_eq!(v("(-2.88, -2.84)"), Ok(vec![-2.88, -2.84]));
        assert_eq!(v("-2.88, -2.84"), Ok(vec![-2.88, -2.84]));
        assert_eq!(v("-2.88 -2.84"), Ok(vec![-2.88, -2.84]));
        assert_eq!(v("6,5"), Ok(vec![6.0, 5.0]));
        assert_eq!(v("(6,5; 2)"), Ok(vec![6.5, 2.0]));
        assert_eq!(v("(−2.448, −2.264) m/s").unwrap(), vec![-2.448, -2.264]);
        assert_eq!(read("(1, 2) m/s", 2).unwrap().unit.unwrap().0, "m/s");
        assert_eq!(v("3"), Err(ReadError::Count { found: 1, wanted: 2 }));
        assert_eq!(read("6,5", 1).unwrap().numbers, vec![6.5]);
        assert_eq!(read("1e-3", 1).unwrap().numbers, vec![1e-3]);
        assert_eq!(read("6 5", 1), Err(ReadError::Count { found: 2, wanted: 1 }));
    }

    /// What a Chinese input method types, and the units a learner might add.
    #[test]
    fn full_width_forms_percent_and_revolutions() {
        for typed in ["－７．２", "-７.２", "（-7.2）"] {
            assert_eq!(read(typed, 1).map(|t| t.numbers), Ok(vec![-7.2]), "{typed}");
        }
        assert_eq!(read("７，２", 1).unwrap().numbers, vec![7.2], "a decimal comma");
        assert_eq!(read("（7、2）", 2).unwrap().numbers, vec![7.0, 2.0]);
        assert_eq!(read("－7.2　Ｎ·ｓ", 1).unwrap().unit.unwrap().0, "N·s");
        assert!(close(si("94.9 %").0, 0.949) && si("94.9%").1 == Dim::NONE);
        // Hz is revolutions a second, as rpm is revolutions a minute.
        assert!(close(si("1 Hz").0, std::f64::consts::TAU));
        assert!(close(si("60 rpm").0, si("1 Hz").0));
        assert_eq!(parse_unit("N·s N·s"), Err(ReadError::Repeated("N·s N·s".into(), "N".into())));
        assert!(matches!(parse_unit("m/s/s"), Err(ReadError::Repeated(..))));
        assert!(parse_unit("N·m·s").is_ok() && parse_unit("kg·m²/s").is_ok());
    }

    #[test]
    fn what_is_no_number_is_said() {
        for t in ["", "abc", "inf", "NaN", "m/s", "1e999"] {
            assert!(matches!(read(t, 1), Err(ReadError::NotANumber(_))), "{t}: {:?}", read(t, 1));
        }
    }
}
