//! Numbers for one contact or for four at once.
//!
//! The contact formulas (the circles' test here, the impulse in the engine's
//! `kernel`) are written once, generic over a [`Lane`]: an `f64` for the
//! contact a visit makes, or an [`F4`], four visits' numbers side by side, for
//! the untraced step that makes four disc visits together. An `F4` does each
//! operation lane by lane, the same IEEE operation the `f64` does, so each lane
//! comes out with the bits of the visit made on its own.

use glam::DVec2;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// What a contact formula may do with its numbers.
pub trait Lane: Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self> + Neg<Output = Self> {
    fn splat(x: f64) -> Self;
    fn sqrt(self) -> Self;
    fn abs(self) -> Self;
    fn max(self, other: Self) -> Self;
    /// `yes` where `self > than`, `no` elsewhere (so `no` where either is NaN).
    /// For one number only the branch taken is computed.
    fn if_above(self, than: Self, yes: impl FnOnce() -> Self, no: impl FnOnce() -> Self) -> Self;
    /// [`Lane::if_above`] for a vector: one test, one branch for one number.
    fn if_above_v(self, than: Self, yes: impl FnOnce() -> V2<Self>, no: impl FnOnce() -> V2<Self>) -> V2<Self>;
}

impl Lane for f64 {
    #[inline(always)]
    fn splat(x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn sqrt(self) -> f64 {
        f64::sqrt(self)
    }
    #[inline(always)]
    fn abs(self) -> f64 {
        f64::abs(self)
    }
    #[inline(always)]
    fn max(self, other: f64) -> f64 {
        f64::max(self, other)
    }
    #[inline(always)]
    fn if_above(self, than: f64, yes: impl FnOnce() -> f64, no: impl FnOnce() -> f64) -> f64 {
        if self > than { yes() } else { no() }
    }
    #[inline(always)]
    fn if_above_v(self, than: f64, yes: impl FnOnce() -> V2<f64>, no: impl FnOnce() -> V2<f64>) -> V2<f64> {
        if self > than { yes() } else { no() }
    }
}

/// A vector of lanes: its x and its y.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct V2<L> {
    pub x: L,
    pub y: L,
}

impl<L: Lane> V2<L> {
    #[inline(always)]
    pub fn new(x: L, y: L) -> V2<L> {
        V2 { x, y }
    }
    #[inline(always)]
    pub fn dot(self, other: V2<L>) -> L {
        self.x * other.x + self.y * other.y
    }
    /// The 2D cross product, a·b⊥: a.x·b.y − a.y·b.x.
    #[inline(always)]
    pub fn cross(self, other: V2<L>) -> L {
        self.x * other.y - self.y * other.x
    }
    /// ω×r for a spin ω about the z axis: (−ω·r.y, ω·r.x).
    #[inline(always)]
    pub fn spun(self, w: L) -> V2<L> {
        V2::new(-w * self.y, w * self.x)
    }
    #[inline(always)]
    pub fn scale(self, s: L) -> V2<L> {
        V2::new(self.x * s, self.y * s)
    }
    /// Each component divided by `s`, as glam divides (not multiplied by 1/s).
    #[inline(always)]
    pub fn over(self, s: L) -> V2<L> {
        V2::new(self.x / s, self.y / s)
    }
}

impl<L: Lane> Add for V2<L> {
    type Output = V2<L>;
    #[inline(always)]
    fn add(self, o: V2<L>) -> V2<L> {
        V2::new(self.x + o.x, self.y + o.y)
    }
}

impl<L: Lane> Sub for V2<L> {
    type Output = V2<L>;
    #[inline(always)]
    fn sub(self, o: V2<L>) -> V2<L> {
        V2::new(self.x - o.x, self.y - o.y)
    }
}

impl<L: Lane> Neg for V2<L> {
    type Output = V2<L>;
    #[inline(always)]
    fn neg(self) -> V2<L> {
        V2::new(-self.x, -self.y)
    }
}

impl From<DVec2> for V2<f64> {
    #[inline(always)]
    fn from(v: DVec2) -> V2<f64> {
        V2::new(v.x, v.y)
    }
}

impl From<V2<f64>> for DVec2 {
    #[inline(always)]
    fn from(v: V2<f64>) -> DVec2 {
        DVec2::new(v.x, v.y)
    }
}

/// Four numbers, one per visit, each operation made lane by lane (and,
/// compiled for a processor with 256-bit registers, in one instruction).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct F4(pub [f64; 4]);

impl F4 {
    // Written out lane by lane, not with `array::from_fn`: the compiler must
    // see four independent operations, and may leave a call to that helper
    // out of line, which made the step three to five times as long.
    #[inline(always)]
    fn map(self, f: impl Fn(f64) -> f64) -> F4 {
        let [a, b, c, d] = self.0;
        F4([f(a), f(b), f(c), f(d)])
    }
    #[inline(always)]
    fn zip(self, other: F4, f: impl Fn(f64, f64) -> f64) -> F4 {
        let ([a, b, c, d], [e, g, h, i]) = (self.0, other.0);
        F4([f(a, e), f(b, g), f(c, h), f(d, i)])
    }
    #[inline(always)]
    pub fn lane(self, k: usize) -> f64 {
        self.0[k]
    }
}

impl Lane for F4 {
    #[inline(always)]
    fn splat(x: f64) -> F4 {
        F4([x; 4])
    }
    #[inline(always)]
    fn sqrt(self) -> F4 {
        self.map(f64::sqrt)
    }
    #[inline(always)]
    fn abs(self) -> F4 {
        self.map(f64::abs)
    }
    #[inline(always)]
    fn max(self, other: F4) -> F4 {
        self.zip(other, f64::max)
    }
    /// Both sides are computed for every lane, then each lane picks one.
    #[inline(always)]
    fn if_above(self, than: F4, yes: impl FnOnce() -> F4, no: impl FnOnce() -> F4) -> F4 {
        let (yes, no) = (yes(), no());
        let pick = |k: usize| if self.0[k] > than.0[k] { yes.0[k] } else { no.0[k] };
        F4([pick(0), pick(1), pick(2), pick(3)])
    }
    #[inline(always)]
    fn if_above_v(self, than: F4, yes: impl FnOnce() -> V2<F4>, no: impl FnOnce() -> V2<F4>) -> V2<F4> {
        let (yes, no) = (yes(), no());
        V2::new(self.if_above(than, || yes.x, || no.x), self.if_above(than, || yes.y, || no.y))
    }
}

macro_rules! lanewise {
    ($($op:ident $method:ident $sym:tt),*) => {$(
        impl $op for F4 {
            type Output = F4;
            #[inline(always)]
            fn $method(self, other: F4) -> F4 {
                self.zip(other, |a, b| a $sym b)
            }
        }
    )*};
}
lanewise!(Add add +, Sub sub -, Mul mul *, Div div /);

impl Neg for F4 {
    type Output = F4;
    #[inline(always)]
    fn neg(self) -> F4 {
        self.map(|x| -x)
    }
}
