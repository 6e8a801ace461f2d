// Placeholder: the example external engine (issue 6) lands here.
print("{\"error\":{\"message\":\"not implemented yet\"}}")
