//! The FFTs: halo2curves' over the scalar field, a radix-2 FFT over G1 points, and the checks
//! that an output is the FFT of its input (the inverse transform gives the input back).

use halo2curves_axiom::{
    ff::{Field, PrimeField},
    fft::best_fft,
    group::Group,
};
use plonky2_field::{fft::ifft, goldilocks_field::GoldilocksField, polynomial::PolynomialValues};

/// A primitive 2^log_n-th root of unity of `F`, or its inverse.
pub fn root_of_unity<F: PrimeField>(log_n: u32, inverse: bool) -> Result<F, String> {
    if log_n > F::S {
        return Err(format!("the field has no 2^{log_n}-th roots of unity (2-adicity {})", F::S));
    }
    let mut w = if inverse { F::ROOT_OF_UNITY_INV } else { F::ROOT_OF_UNITY };
    for _ in log_n..F::S {
        w = w.square();
    }
    Ok(w)
}

fn log2_exact(n: usize) -> Result<u32, String> {
    if n.is_power_of_two() {
        Ok(n.trailing_zeros())
    } else {
        Err(format!("length {n} is not a power of two"))
    }
}

/// halo2curves' FFT over the scalar field, in place (natural order in and out).
pub fn fft_fr<F: PrimeField>(a: &mut [F]) -> Result<(), String> {
    let log_n = log2_exact(a.len())?;
    best_fft(a, root_of_unity::<F>(log_n, false)?, log_n);
    Ok(())
}

/// In-place radix-2 decimation-in-time FFT whose elements are group elements (G1 points):
/// out[i] = Σ_j a[j]·ω^(ij). Serial, one scalar multiplication per butterfly, as the Go side.
pub fn fft_g1<G: Group>(a: &mut [G], omega: G::Scalar) {
    let n = a.len();
    assert!(n.is_power_of_two(), "fft_g1 needs a power-of-two length");
    bit_reverse(a);
    let twiddles: Vec<G::Scalar> =
        std::iter::successors(Some(G::Scalar::ONE), |w| Some(*w * omega)).take((n / 2).max(1)).collect();
    let mut size = 2;
    while size <= n {
        let (half, step) = (size / 2, n / size);
        for block in a.chunks_mut(size) {
            let (lo, hi) = block.split_at_mut(half);
            for (k, (u, v)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                let t = *v * twiddles[k * step];
                *v = *u - t;
                *u += t;
            }
        }
        size *= 2;
    }
}

fn bit_reverse<T>(a: &mut [T]) {
    let n = a.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j ^= bit;
        if i < j {
            a.swap(i, j);
        }
    }
}

/// The inverse transform (ω⁻¹, then times n⁻¹) of `output` equals `input`. `transform(a, w)`
/// is the forward FFT with root `w`.
fn check_inverse<S: PrimeField, T: Copy + PartialEq + std::ops::Mul<S, Output = T>>(
    input: &[T],
    output: &[T],
    transform: impl Fn(&mut [T], S, u32),
) -> Result<(), String> {
    if input.len() != output.len() {
        return Err(format!("output has {} elements, input {}", output.len(), input.len()));
    }
    let log_n = log2_exact(input.len())?;
    let mut back = output.to_vec();
    transform(&mut back, root_of_unity::<S>(log_n, true)?, log_n);
    let n_inv = S::from(input.len() as u64).invert().into_option().ok_or("n is not invertible")?;
    match back.iter().zip(input).position(|(b, a)| *b * n_inv != *a) {
        None => Ok(()),
        Some(i) => Err(format!("the inverse FFT does not give back the input (element {i})")),
    }
}

/// `output` is the FFT of `input` over the scalar field: its inverse (halo2curves' `best_fft`
/// with ω⁻¹, times n⁻¹) gives back `input`.
pub fn check_fft_fr<F: PrimeField>(input: &[F], output: &[F]) -> Result<(), String> {
    check_inverse(input, output, |a: &mut [F], w, log_n| best_fft(a, w, log_n))
}

/// `output` is the FFT of `input` over the group: its inverse ([`fft_g1`] with ω⁻¹, then n⁻¹
/// times each point) gives back `input`.
pub fn check_fft_g1<G: Group>(input: &[G], output: &[G]) -> Result<(), String>
where
    G::Scalar: PrimeField,
{
    check_inverse(input, output, |a: &mut [G], w, _| fft_g1(a, w))
}

/// `output` is plonky2's FFT of `input`: plonky2's `ifft` gives back `input`.
pub fn check_fft_goldilocks(input: &[GoldilocksField], output: &[GoldilocksField]) -> Result<(), String> {
    if input.len() != output.len() || !input.len().is_power_of_two() {
        return Err(format!("output has {} elements, input {} (a power of two)", output.len(), input.len()));
    }
    let back = ifft(PolynomialValues::new(output.to_vec())).coeffs;
    match back.iter().zip(input).position(|(b, a)| b != a) {
        None => Ok(()),
        Some(i) => Err(format!("the inverse FFT does not give back the input (element {i})")),
    }
}
