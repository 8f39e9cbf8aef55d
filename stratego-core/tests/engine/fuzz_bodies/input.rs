//! Reading fuzz bytes as a stream of small decisions. Past the end every read gives zero, so
//! any byte string is a valid input and short inputs mean "the first choice everywhere".

/// A cursor over the fuzz input.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input { data }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte, or `None` at the end.
    pub fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.data.split_first()?;
        self.data = rest;
        Some(b)
    }

    /// The next byte, not consumed.
    pub fn peek(&self) -> Option<u8> {
        self.data.first().copied()
    }

    /// The bytes up to `end` (consumed with it), or all the rest when `end` does not occur.
    pub fn take_until(&mut self, end: u8) -> &'a [u8] {
        let n = self.data.iter().position(|&b| b == end).unwrap_or(self.data.len());
        let (head, rest) = self.data.split_at(n);
        self.data = rest.get(1..).unwrap_or(&[]);
        head
    }

    /// The next byte (zero past the end).
    pub fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }

    /// A number below `n` (`n > 0`), from one byte.
    pub fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    /// A flag from one byte.
    pub fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// Two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// Eight bytes, little-endian.
    pub fn u64(&mut self) -> u64 {
        u64::from_le_bytes(core::array::from_fn(|_| self.byte()))
    }

    /// Everything not yet read.
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.data)
    }
}
