package ethkzg

import (
	"encoding/json"
	"testing"
)

// Call answers as the vectors' output, or {"error": {code, message}}, never panics.
func TestCallAnswersOrNamesTheError(t *testing.T) {
	k := testKZG(t)
	blob, _ := json.Marshal(map[string]string{"blob": BenchBlob()})
	var c string
	if err := json.Unmarshal([]byte(k.Call("blob_to_kzg_commitment", string(blob))), &c); err != nil || len(c) != 98 {
		t.Fatalf("commitment: %q %v", c, err)
	}
	for _, tc := range []struct{ op, args, code string }{
		{"blob_to_kzg_commitment", `{"blob":"0x00"}`, "bad_length"},
		{"blob_to_kzg_commitment", `{"blob":7}`, "bad_hex"},
		{"blob_to_kzg_commitment", `not json`, "bad_hex"},
		{"recover_cells_and_kzg_proofs", `{"cell_indices":[-1],"cells":["0x00"]}`, "cell_index_out_of_range"},
		{"no_such_op", `{}`, "library"},
	} {
		var out struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(k.Call(tc.op, tc.args)), &out); err != nil || out.Error.Code != tc.code || out.Error.Message == "" {
			t.Errorf("%s %s: %+v %v", tc.op, tc.args, out, err)
		}
	}
}

func TestThesisMeasureAnswersATimingOrASizeCode(t *testing.T) {
	k, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	var m ThesisMeasured
	if err := json.Unmarshal([]byte(k.Call("thesis_measure", `{"op":"fft_g1","log":4,"runs":1}`)), &m); err != nil || m.Op != "fft_g1" || m.Log != 4 {
		t.Fatalf("%+v %v", m, err)
	}
	for _, tc := range []struct{ args, code string }{
		{`{"op":"fft_g1","log":16,"runs":1}`, "size_out_of_range"},
		{`{"op":"kzg10_commit","log":-1}`, "size_out_of_range"},
		{`{"op":"kzg10_commit","log":2.5}`, "size_out_of_range"},
		{`{"op":"kzg11","log":4}`, "library"},
	} {
		var out struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(k.Call("thesis_measure", tc.args)), &out); err != nil || out.Error.Code != tc.code {
			t.Errorf("%s: %+v %v", tc.args, out, err)
		}
	}
}
