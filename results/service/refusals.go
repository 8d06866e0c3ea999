package service

import "net/http"

// Refusal is an answer that stores nothing: an HTTP status, a stable code a client can act on,
// and a sentence for people. docs/results-service.md lists every one; the tests send each.
type Refusal struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (r *Refusal) Error() string { return r.Code + ": " + r.Message }

func refuse(status int, code, message string) *Refusal {
	return &Refusal{Status: status, Code: code, Message: message}
}

// The codes, once each. A refusal built elsewhere adds detail to one of these messages.
const (
	CodeContentType    = "content-type"    // POST without Content-Type: application/json
	CodeTooLarge       = "too-large"       // body over the size limit
	CodeNotJSON        = "not-json"        // not one JSON object (also: numbers out of float64 range)
	CodeSchema         = "schema"          // does not follow schema/result-submission.schema.json
	CodeImpossibleTime = "impossible-time" // a time that no run can take: min > median > max, over a day
	CodeImpossible     = "impossible-value"
	CodeUnknownBackend = "unknown-backend" // not a backend of any build this service knows
	CodeUnknownBuild   = "unknown-build"   // device.build is not that backend's build here
	CodeWrongHash      = "wrong-hash"      // result.hash is not the backend's hash
	CodeUnknownConfig  = "unknown-config"  // a configuration that is not one of the backend's knobs' values
	CodeForeignPhase   = "foreign-phase"   // a phase the backend does not report
	CodeRepeatedPhase  = "repeated-phase"  // a phase id given more than once
	CodeUnverified     = "unverified"      // the run's proof did not verify
	CodeDuplicate      = "duplicate"       // the same submission is stored already
	CodeRateLimited    = "rate-limited"    // this client sent too many submissions lately
	CodeOrigin         = "origin"          // a browser origin that is not configured
	CodeAdminToken     = "admin-token"     // DELETE without the admin token
	CodeAdminDisabled  = "admin-disabled"  // no admin token configured: nothing can be deleted
	CodeNotFound       = "not-found"       // no such result, or no such path
	CodeBadFilter      = "bad-filter"      // a GET parameter that is unknown or malformed
	CodeMethod         = "method"          // a method the path does not take
	CodeInternal       = "internal"        // the database failed; the submission was not stored
)

var (
	errContentType = refuse(http.StatusUnsupportedMediaType, CodeContentType, "send the submission with Content-Type: application/json")
	errNotJSON     = refuse(http.StatusBadRequest, CodeNotJSON, "the body is not one JSON object with finite numbers")
	errUnverified  = refuse(http.StatusUnprocessableEntity, CodeUnverified, "only runs whose proof verified are shared: result.verified is false")
	errDuplicate   = refuse(http.StatusConflict, CodeDuplicate, "this submission is stored already")
	errRateLimited = refuse(http.StatusTooManyRequests, CodeRateLimited, "too many submissions from this client: try again in a minute")
	errReadLimited = refuse(http.StatusTooManyRequests, CodeRateLimited, "too many reads from this client: try again in a minute")
	errOrigin      = refuse(http.StatusForbidden, CodeOrigin, "this page's origin is not one this service takes submissions from")
	errAdminToken  = refuse(http.StatusUnauthorized, CodeAdminToken, "deleting needs the admin token (Authorization: Bearer …)")
	errAdminOff    = refuse(http.StatusForbidden, CodeAdminDisabled, "no admin token is configured, so nothing can be deleted")
	errNotFound    = refuse(http.StatusNotFound, CodeNotFound, "no such result")
	errNoRoute     = refuse(http.StatusNotFound, CodeNotFound, "no such path: the API is /api/results, /api/aggregates and /api/health")
	errMethod      = refuse(http.StatusMethodNotAllowed, CodeMethod, "a method this path does not take: GET, HEAD and POST /api/results; GET and HEAD /api/aggregates and /api/health; DELETE /api/results/{id} (admin); OPTIONS only as a CORS preflight")
	errInternal    = refuse(http.StatusInternalServerError, CodeInternal, "the database failed; nothing was stored")
)

func tooLarge(limit int64) *Refusal {
	return refuse(http.StatusRequestEntityTooLarge, CodeTooLarge, "a submission is at most "+itoa(limit)+" bytes")
}

func unprocessable(code, message string) *Refusal {
	return refuse(http.StatusUnprocessableEntity, code, message)
}

func badFilter(message string) *Refusal {
	return refuse(http.StatusBadRequest, CodeBadFilter, message)
}
