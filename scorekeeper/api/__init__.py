"""The REST API (docs/api.md): thin views that check the shape of a request, call one
service and answer with an output serializer.

access.py the access policy's questions for the API, and the plumbing views share
errors.py the one error shape, and the error answers the schema declares
serializers/ every JSON shape, in and out: one module per resource
families/ each family's round and correction bodies: one module per family, found by itself
clubs.py games.py rounds.py money.py exports.py reports.py the endpoints
"""
