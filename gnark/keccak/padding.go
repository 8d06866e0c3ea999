package keccak

import (
	"github.com/consensys/gnark/frontend"
)

// padBlock returns the bits of the one Keccak block absorbed for a message of
// `length` bytes, with Keccak's (not SHA-3's) padding:
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
// inMsg[i] = 1 - Σ_{j<=i} isEnd[j] is exactly [i < length]. Every message bit
// is checked boolean, so each byte is in 0..255, and each byte at or past
// `length` must be zero (its value times 1 - inMsg[i] is 0). The block's bits
// are then the message's, plus isEnd[i] in bit 0 of byte i (where the message
// byte is zero, so the sum is still a bit), plus the constant 0x80: no hint
// chooses a position.
func padBlock(api frontend.API, msg [MaxBytes][8]frontend.Variable, length frontend.Variable) [Rate][8]frontend.Variable {
	var isEnd [Rate]frontend.Variable
	for i := range isEnd {
		isEnd[i] = api.IsZero(api.Sub(length, i))
	}
	api.AssertIsEqual(api.Add(isEnd[0], isEnd[1], isEnd[2:]...), 1)

	b := newBits(api)
	var block [Rate][8]frontend.Variable
	var ended frontend.Variable = 0 // 1 - inMsg[i]
	for i := range MaxBytes {
		ended = api.Add(ended, isEnd[i])
		var value frontend.Variable = 0
		for k := range 8 {
			api.AssertIsBoolean(msg[i][k])
			value = api.Add(value, api.Mul(msg[i][k], 1<<k))
			block[i][k] = msg[i][k]
		}
		api.AssertIsEqual(api.Mul(value, ended), 0)
		block[i][0] = b.boolean(api.Add(msg[i][0], isEnd[i]))
	}
	for k := range 8 {
		block[MaxBytes][k] = 0
	}
	block[MaxBytes][0] = isEnd[MaxBytes]
	block[MaxBytes][7] = 1
	return block
}
