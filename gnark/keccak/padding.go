package keccak

import (
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/std/math/uints"
)

// padBlock returns the one Keccak block absorbed for a message of `length`
// bytes, with Keccak's (not SHA-3's) padding:
//
//	byte i   = msg[i]  for i < length
//	         = 0x01    for i = length
//	         = 0x00    for length < i < 135
//	byte 135 = 0x80, or 0x81 when length = 135
//
// Why nothing here can be forged: isEnd[i] = IsZero(length - i) is exactly
// [length == i] whatever the prover's hint says (IsZero's constraints force
// m = 1 - a·x and a·m = 0, so m = 1 iff a = 0). Asserting Σ isEnd[i] = 1 over
// i = 0..135 therefore pins length, a field element, to the integers 0..135:
// it is both the range check and the uniqueness of the end position. Then
// inMsg[i] = 1 - Σ_{j<=i} isEnd[j] is exactly [i < length]. Every byte is a
// fixed polynomial in these and the message; no hint chooses a position.
// Message bytes at or past `length` are multiplied by zero, so they do not
// reach the digest; each padded byte is range checked to 8 bits, which also
// bounds every message byte that is used.
func padBlock(api frontend.API, bapi *uints.Bytes, msg [MaxBytes]uints.U8, length frontend.Variable) [Rate]uints.U8 {
	var isEnd [Rate]frontend.Variable
	for i := range isEnd {
		isEnd[i] = api.IsZero(api.Sub(length, i))
	}
	api.AssertIsEqual(api.Add(isEnd[0], isEnd[1], isEnd[2:]...), 1)

	var block [Rate]uints.U8
	inMsg := frontend.Variable(1)
	for i := range MaxBytes {
		inMsg = api.Sub(inMsg, isEnd[i])
		b := api.Add(api.Mul(inMsg, bapi.ValueUnchecked(msg[i])), isEnd[i])
		block[i] = bapi.ValueOf(b)
	}
	block[MaxBytes] = bapi.ValueOf(api.Add(0x80, isEnd[MaxBytes]))
	return block
}
